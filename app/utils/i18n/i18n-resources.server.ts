import type { Resource } from "i18next";

// Every translation, bundled into the server build: read once at start-up instead of from disk for
// every request (each language has one i18next instance, shared by the requests: i18n.server.ts).
const files = import.meta.glob<Record<string, unknown>>("/locales/*/*.json", {
  eager: true,
  import: "default",
});

export const translations: Resource = {};
for (const [path, namespace] of Object.entries(files)) {
  const [, language, name] = path.match(/locales\/([\w-]+)\/([\w-]+)\.json$/) ?? [];
  if (language && name) (translations[language] ??= {})[name] = namespace;
}
