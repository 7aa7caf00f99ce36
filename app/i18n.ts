import type { InitOptions } from "i18next";

/** i18next settings shared by the server render and the browser. */
export const supportedLanguages = ["en", "fa"] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return supportedLanguages.includes(value as Language);
}

export function languageDirection(language: string) {
  return language === "fa" ? "rtl" : "ltr";
}

export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: defaultLanguage,
  defaultNS: "common",
  ns: ["common"],
  // React escapes what it renders already.
  interpolation: { escapeValue: false },
} satisfies InitOptions;
