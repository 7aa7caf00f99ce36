import { Scripts } from "@remix-run/react";
import { PageTranslationPreloads } from "~/utils/i18n/page-translations";

const HOLDER_ID = "page-scripts";

/**
 * Starts the page's script downloads only once its stylesheet and the whole document are in
 * (decision 021). Remix's `<Scripts>` (its modulepreload links and the module that hydrates) is
 * written into a `<noscript>`, which a browser running JS parses as plain text: nothing is fetched
 * while the stylesheet, which holds up the first paint, has the line to itself. The script after it is a
 * classic one in the parser's way, so the browser runs it when the stylesheet has arrived; it turns
 * that text back into elements, inside the same `<noscript>`: the page's data at once, the
 * modules once the document is whole.
 *
 * A browser without JS reads the `<noscript>` as elements, inside a `<template>`, whose contents
 * are inert: it neither runs nor downloads them (as bare elements, Chromium fetched every
 * modulepreload link of the page, some 20 modules in a row on each page without JS: decision 029).
 * React leaves a `<noscript>`'s contents alone when it hydrates, so the elements added there are
 * no mismatch, and nothing is added where React looks.
 */
export function ScriptsAfterStyles({ nonce }: { nonce: string }) {
  return (
    <>
      <noscript id={HOLDER_ID}>
        <template>
          <PageTranslationPreloads />
          <Scripts nonce={nonce} />
        </template>
      </noscript>
      <script
        nonce={nonce}
        // The browser hides a nonce from the page, so the client renders this one empty.
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: START_SCRIPTS }}
      />
    </>
  );
}

// The text is parsed in a range of the body, so it becomes the elements it was written as. A
// template's contents never run: their scripts are written anew (their nonce kept), the rest
// imported. The page's data scripts go in at once: the chunks React streams after this script add
// to them. The modules are asked for once the document is whole (DOMContentLoaded, after its
// streamed last bytes), so they do not share the line with those either; they would only run then
// anyway. Old-browser safe: no arrow functions, no replaceChildren, no spread.
const START_SCRIPTS = `(function (holder) {
  var range = document.createRange();
  range.selectNodeContents(document.body);
  var template = range.createContextualFragment(holder.textContent).querySelector("template");
  holder.textContent = "";
  var elements = document.importNode(template.content, true);
  var scripts = elements.querySelectorAll("script");
  for (var i = 0; i < scripts.length; i++) {
    var script = document.createElement("script");
    for (var j = 0; j < scripts[i].attributes.length; j++)
      script.setAttribute(scripts[i].attributes[j].name, scripts[i].attributes[j].value);
    script.nonce = scripts[i].nonce;
    script.text = scripts[i].text;
    scripts[i].parentNode.replaceChild(script, scripts[i]);
  }
  var data = elements.querySelectorAll("script:not([type=module])");
  for (var k = 0; k < data.length; k++) holder.appendChild(data[k]);
  document.addEventListener("DOMContentLoaded", function () {
    holder.appendChild(elements);
  });
})(document.getElementById("${HOLDER_ID}"));`;
