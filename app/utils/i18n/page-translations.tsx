import { createContext, useContext } from "react";
import { localeFileUrl } from "~/utils/i18n/locale-files";

/**
 * The page's translations, asked for by a browser that runs scripts at the moment it asks for the
 * page's modules, and by no other (decision 033): a preload of each namespace's file
 * (content-hashed, cached for a year), written beside Remix's modulepreload links in the block that
 * `ScriptsAfterStyles` holds inert; only a running script puts them in the head, at the first frame
 * once the stylesheet is in (decision 038). i18next's backend then reads them
 * (i18n-backend.client.ts) from the preloads, so hydration waits for no round trip of its own, and
 * a later page finds them in the cache. A document carries none of their text.
 */

type PageNamespaces = { language: string; namespaces: string[] };

const PageNamespacesContext = createContext<PageNamespaces | null>(null);

/** Set by the server's render with the page's language and namespaces (entry.server.tsx). */
export const PageNamespacesProvider = PageNamespacesContext.Provider;

export function PageTranslationPreloads() {
  const page = useContext(PageNamespacesContext);
  if (!page) return null;
  return page.namespaces.map((namespace) => {
    const href = localeFileUrl(page.language, namespace);
    // `crossOrigin` as i18next's `fetch` asks (cors, same-origin credentials), or the browser would
    // download the file a second time instead of using the preload.
    return href ? (
      <link key={namespace} rel="preload" as="fetch" crossOrigin="anonymous" href={href} />
    ) : null;
  });
}
