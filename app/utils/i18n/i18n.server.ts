import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { defaultLanguage, i18nConfig, isLanguage, supportedLanguages } from "~/i18n";
import { portalCookie } from "~/utils/session/cookies.server";
import { translations } from "~/utils/i18n/i18n-resources.server";

/** The chosen language, kept for a year; set by the language switch (routes/settings.language.tsx). */
export const languageCookie = portalCookie("lng", { maxAge: 60 * 60 * 24 * 365 });

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

/**
 * One i18next instance per language, made on first use and shared by every request: the
 * translations are all bundled (decision 006) and nothing changes an instance's language, so there
 * is nothing per request to keep apart. (remix-i18next's `getFixedT` makes and initialises a new
 * instance on every call; under load that was 8% of the server's CPU.)
 */
const instances = new Map<string, Promise<i18n>>();

export function i18nInstanceFor(language: string) {
  const known = isLanguage(language) ? language : defaultLanguage;
  let instance = instances.get(known);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({
        ...i18nConfig,
        lng: known,
        ns: Object.keys(translations[known] ?? {}),
        resources: translations,
      })
      .then(() => created);
    instances.set(known, instance);
  }
  return instance;
}
