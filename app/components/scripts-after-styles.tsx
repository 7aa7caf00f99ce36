import { Scripts } from "@remix-run/react";
import { createContext, useContext } from "react";
import { PageTranslationPreloads } from "~/utils/i18n/page-translations";

/** The `<noscript>` that holds Remix's `<Scripts>` inert until the page's scripts start. */
export const HOLDER_ID = "page-scripts";

/** The texts of the two scripts below, which only the server writes (page-scripts.server.ts). */
export type PageScripts = { preloads: string; start: string };

const PageScriptsContext = createContext<PageScripts | null>(null);

/** Set by the server's render (entry.server.tsx); the client has none and renders them empty. */
export const PageScriptsProvider = PageScriptsContext.Provider;

/**
 * Starts the downloads of the page's two largest modules (the first two preload links held in
 * `ScriptsAfterStyles`' block: the entry and the framework) once its stylesheet is in, not before
 * (the stylesheet holds up the first paint: it has the line to itself, decision 021), and at the
 * start of the first frame, not after it: the scripts in the body run only once the browser has
 * drawn the page, hundreds of milliseconds on a slow PC while the line stood idle (decision 038).
 * Written in the head before the stylesheet's link, so it does not wait for it. A browser without
 * JS runs none of it, and so fetches nothing.
 */
export function PreloadsWithStylesheet({ nonce }: { nonce: string }) {
  return <InlineScript nonce={nonce} text={useContext(PageScriptsContext)?.preloads} />;
}

/**
 * Runs the page's modules once its stylesheet and the whole document are in (decision 021).
 * Remix's `<Scripts>` (its modulepreload links, the page's data and the module that hydrates) is
 * written into a `<noscript>`, which a browser running JS parses as plain text: nothing is fetched
 * while the stylesheet, which holds up the first paint, has the line to itself. The script after
 * it is a classic one in the parser's way, so the browser runs it when the stylesheet has arrived;
 * it turns that text back into elements, inside the same `<noscript>`: the page's data at once,
 * the entry module once the document is whole. The preload links go in the head at once, but for
 * the two `PreloadsWithStylesheet` has put there already (none if no frame came first).
 *
 * A browser without JS reads the `<noscript>` as elements, inside a `<template>`, whose contents
 * are inert: it neither runs nor downloads them (as bare elements, Chromium fetched every
 * modulepreload link of the page, some 20 modules in a row on each page without JS: decision 029).
 * React leaves a `<noscript>`'s contents alone when it hydrates, so the elements added there are
 * no mismatch, and nothing is added where React looks.
 */
export function ScriptsAfterStyles({ nonce }: { nonce: string }) {
  const start = useContext(PageScriptsContext)?.start;
  return (
    <>
      <noscript id={HOLDER_ID}>
        <template>
          <PageTranslationPreloads />
          <Scripts nonce={nonce} />
        </template>
      </noscript>
      <InlineScript nonce={nonce} text={start} />
    </>
  );
}

function InlineScript({ nonce, text }: { nonce: string; text: string | undefined }) {
  return (
    <script
      nonce={nonce}
      // The client renders it empty (it has neither the text nor the nonce, which the browser
      // hides from the page) and React leaves the server's in place.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: text ?? "" }}
    />
  );
}
