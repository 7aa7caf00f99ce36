import type { BackendModule, i18n, ReadCallback } from "i18next";

// Each locale file becomes its own small, cacheable chunk; the browser loads only what its routes
// use. A page's first namespaces come in its document (page-translations.tsx); this loads the ones a
// later navigation or a language switch adds.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>("/locales/*/*.json");

export const localeFileBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeFiles[`/locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No translations for ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      // A download that failed (a flaky line, a deploy under way) is tried again: i18next waits
      // `retryTimeout`, then twice as long (`retries` below).
      (error: Error) => callback(error, true),
    );
  },
};

/** Two more tries, 0.35 s and 0.7 s after a failed download. */
export const retries = { maxRetries: 2, retryTimeout: 350 };

/**
 * A namespace that could not be downloaded after its retries would show its keys instead of its
 * texts ("filters.heading"): the page is asked of the server instead, which renders it whole and
 * puts its texts in the document.
 */
export function reloadWhenTranslationsFail(instance: i18n) {
  instance.on("failedLoading", (language, namespace) => {
    // A file that does not exist is not the line's fault: reloading would not bring it.
    if (!localeFiles[`/locales/${language}/${namespace}.json`]) return;
    console.warn(`Translations ${language}/${namespace} could not be downloaded: reloading`);
    window.location.reload();
  });
}
