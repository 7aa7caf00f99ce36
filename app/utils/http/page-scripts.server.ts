import { HOLDER_ID, type PageScripts } from "~/components/scripts-after-styles";

/**
 * In the head, before the stylesheet: the preload links of the holder's text (Remix's modules,
 * the page's translation files) go in at the start of the first frame with every stylesheet in
 * and the holder whole (the script after it parsed). No frame runs while a stylesheet blocks
 * rendering, and the first runs its callbacks before its style and layout. `w` waits, `g` adds
 * the links, once. Every browser that runs the modules has `requestAnimationFrame`.
 */
const PRELOADS = `function(h){var d=document,s,r=requestAnimationFrame;\
function g(o){s=1;var t=d.createElement("template");\
t.innerHTML=(o.textContent.match(/<link[^>]*>/g)||[]).join("");d.head.appendChild(t.content)}\
function w(){var o=d.getElementById(h),c=d.querySelectorAll("link[rel=stylesheet]"),k=c.length;\
if(s)return;while(k--)if(!c[k].sheet)return r(w);o&&o.nextElementSibling?g(o):r(w)}r(w)}`;

/**
 * After the holder: its text parsed in a range of the body becomes the elements it was written as.
 * The preload links go in the head now, unless the head's script has put them in already: a
 * browser may run this script before its first frame (Firefox does), and the stylesheet is in,
 * since this script waited for it. A template's scripts never run, so each is written anew (its
 * nonce kept). The data scripts go in at once (React's streamed chunks after this script add to
 * them), the entry module at `DOMContentLoaded`, once the document is whole.
 */
const START = `function(h){var d=document,r=d.createRange(),i,j,o,s;r.selectNodeContents(d.body);\
var e=d.importNode(r.createContextualFragment(h.textContent).querySelector("template").content,true),\
n=e.querySelectorAll("link,script"),p=d.head.querySelector("link[rel=modulepreload]");h.textContent="";\
for(i=0;i<n.length;i++){o=n[i];if(o.tagName=="LINK"){o.parentNode.removeChild(o);p||d.head.appendChild(o);continue}\
s=d.createElement("script");for(j=0;j<o.attributes.length;j++)s.setAttribute(o.attributes[j].name,o.attributes[j].value);\
s.nonce=o.nonce;s.text=o.text;o.parentNode.replaceChild(s,o)}\
n=e.querySelectorAll("script:not([type=module])");for(i=0;i<n.length;i++)h.appendChild(n[i]);\
d.addEventListener("DOMContentLoaded",function(){h.appendChild(e)})}`;

/**
 * The texts of the two inline scripts that start a page's JavaScript (`ScriptsAfterStyles`,
 * decisions 021, 033 and 038). Only the server writes them: the client renders them empty and
 * React leaves the server's in place, so they weigh on no page's bundle. Every document carries
 * them (`bench/page-weight.ts` holds each page's HTML to its budget), so they are written tersely,
 * and for old browsers: no arrow functions, no spread, no `replaceChildren`.
 */
export const PAGE_SCRIPTS: PageScripts = {
  preloads: `(${PRELOADS})("${HOLDER_ID}")`,
  start: `(${START})(document.getElementById("${HOLDER_ID}"))`,
};
