import { Scripts } from "@remix-run/react";

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
 * A browser without JS reads the `<noscript>` as elements it does not run: its page is the same.
 * React leaves a `<noscript>`'s contents alone when it hydrates, so the elements added there are
 * no mismatch, and nothing is added where React looks.
 */
export function ScriptsAfterStyles({ nonce }: { nonce: string }) {
  return (
    <>
      <noscript id={HOLDER_ID}>
        <Scripts nonce={nonce} />
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

// Scripts made by createContextualFragment run when inserted (innerHTML's do not); the range sits in
// the body so the text parses as the elements it was written as. The page's data script goes in at
// once: the chunks React streams after this script add to it. The modules are asked for once the
// document is whole (DOMContentLoaded, after its streamed last bytes), so they do not share the
// line with those either; they would only run then anyway. Old-browser safe: no arrow functions,
// no replaceChildren.
const START_SCRIPTS = `(function (holder) {
  var range = document.createRange();
  range.selectNodeContents(document.body);
  var elements = range.createContextualFragment(holder.textContent);
  holder.textContent = "";
  var data = elements.querySelectorAll("script:not([type=module])");
  for (var i = 0; i < data.length; i++) holder.appendChild(data[i]);
  document.addEventListener("DOMContentLoaded", function () {
    holder.appendChild(elements);
  });
})(document.getElementById("${HOLDER_ID}"));`;
