import type { BackendModule, ReadCallback } from "i18next";

// Each locale file becomes its own small, cacheable chunk; the browser loads only what its routes use.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  "../../locales/*/*.json",
);

export const localeFileBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeFiles[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No translations for ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};
