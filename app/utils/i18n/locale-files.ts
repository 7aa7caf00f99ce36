/**
 * Every translation file (a namespace in a language) is a file of its own in the build, its name
 * content-hashed (`/assets/requests-B1x9Qe3a.json`) and cached for a year (server/index.ts): a
 * browser downloads each once, on whichever page first needs it (decision 033). The build keeps
 * them files, never inlined (vite.config.ts).
 */
const LOCALE_FILE_URLS = import.meta.glob<string>("/locales/*/*.json", {
  query: "?url",
  import: "default",
  eager: true,
});

export function localeFileUrl(language: string, namespace: string): string | undefined {
  return LOCALE_FILE_URLS[`/locales/${language}/${namespace}.json`];
}
