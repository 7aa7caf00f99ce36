import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { defaultLanguage, i18nConfig, supportedLanguages } from "~/i18n";
import { env } from "~/utils/env.server";
import { translations } from "~/utils/i18n-resources.server";

/** The chosen language, kept for a year; set by the language switch (routes/settings.language.tsx). */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: env.NODE_ENV === "production",
  maxAge: 60 * 60 * 24 * 365,
});

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    // English is the default (spec §1): the browser's Accept-Language is not consulted.
    order: ["cookie", "searchParams"],
  },
  i18next: { ...i18nConfig, resources: translations },
});

/** A translator for the request's language, for loaders and actions. */
export function getTranslator(request: Request, namespace = "common") {
  return i18nServer.getFixedT(request, namespace);
}
