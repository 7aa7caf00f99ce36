import type { Resource } from "i18next";
import { createContext, useContext } from "react";
import { useNonce } from "~/utils/http/nonce-provider";

/**
 * The translations a page was rendered with travel in its document, so hydration needs no
 * download and cannot meet one that fails (issue 39): a data block (`type="application/json"`,
 * which no browser runs; it carries the nonce all the same, as every script element of the page
 * does), read by app/entry.client.tsx before it hydrates.
 * Later navigations load the namespaces they add with the lazy loader (i18n-backend.client.ts).
 */

const ELEMENT_ID = "page-translations";

const PageTranslationsContext = createContext<Resource | null>(null);

/** Set by the server's render with the page's namespaces (entry.server.tsx). */
export const PageTranslationsProvider = PageTranslationsContext.Provider;

export function PageTranslations() {
  const resources = useContext(PageTranslationsContext);
  const nonce = useNonce();
  return (
    <script
      type="application/json"
      id={ELEMENT_ID}
      nonce={nonce}
      // The browser renders it empty (and the nonce, which it hides) and React leaves the server's
      // text in place: it is read once, before hydration.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{
        // `<` escaped: no text of a translation can end the element.
        __html: resources ? JSON.stringify(resources).replace(/</g, "\\u003c") : "",
      }}
    />
  );
}

/** In the browser: the translations the server put in the document, or null when there are none. */
export function readPageTranslations(): Resource | null {
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Resource;
  } catch {
    return null;
  }
}
