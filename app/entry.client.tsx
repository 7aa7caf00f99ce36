import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "~/i18n";
import {
  localeFileBackend,
  reloadWhenTranslationsFail,
  retries,
} from "~/utils/i18n/i18n-backend.client";

async function hydrate() {
  // The server rendered in this language with these namespaces, whose files the browser asked for
  // with the page's modules (page-translations.tsx): i18next reads them from those answers.
  const language = document.documentElement.lang;
  const namespaces = getInitialNamespaces();
  await i18next
    .use(initReactI18next)
    .use(localeFileBackend)
    .init({
      ...i18nConfig,
      ...retries,
      lng: language,
      ns: namespaces,
      // Both languages have every key (tests/locales.test.ts): a Persian page downloads no English.
      fallbackLng: false,
    });

  // A page whose texts are missing is not hydrated: the server's page, with every text in place,
  // stays as it is and works without scripts (issue 39).
  const missing = namespaces.filter((namespace) => !i18next.hasResourceBundle(language, namespace));
  if (missing.length > 0) {
    console.warn(`Not enhanced: no translations for ${missing.join(", ")}`);
    return;
  }
  reloadWhenTranslationsFail(i18next);

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate().catch((error) => console.error(error));
