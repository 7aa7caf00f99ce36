import type { BackendModule, i18n, ReadCallback } from "i18next";
import { localeFileUrl } from "~/utils/i18n/locale-files";

// A namespace is a content-hashed JSON file, downloaded once and cached (locale-files.ts). A page's
// own are preloaded with its modules (page-translations.tsx); this reads them, and the ones a later
// navigation or a language switch adds.
export const localeFileBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = localeFileUrl(language, namespace);
    if (!url) return callback(new Error(`No translations for ${language}/${namespace}`), false);
    // As the preload asked (cors, same-origin credentials), so the preloaded answer is used.
    fetch(url)
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(`${url}: ${response.status}`)),
      )
      .then(
        (resources) => callback(null, resources),
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
 * texts ("filters.heading"): the page is asked of the server instead, which renders it whole.
 */
export function reloadWhenTranslationsFail(instance: i18n) {
  instance.on("failedLoading", (language, namespace) => {
    // A file that does not exist is not the line's fault: reloading would not bring it.
    if (!localeFileUrl(language, namespace)) return;
    console.warn(`Translations ${language}/${namespace} could not be downloaded: reloading`);
    window.location.reload();
  });
}
