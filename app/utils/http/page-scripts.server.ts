import { HOLDER_ID, type PageScripts } from "~/components/scripts-after-styles";

/**
 * In the head, before the stylesheet: the holder's first two modulepreload links (the entry module
 * and the chunk it imports first, the framework: some 95 of a page's 110–150 KB) go in at the start
 * of the first frame with every stylesheet in and the holder whole (the script after it parsed).
 * No frame runs while a stylesheet blocks rendering, and the first runs its callbacks before its
 * style and layout. Two, not all: each link costs the frame some 4 ms of a 6× slower CPU, and two
 * keep the line busy until the body's script adds the rest. Every browser that runs the modules
 * has `requestAnimationFrame`; once the body's script has run, the holder is empty and this adds
 * nothing, and once the page has loaded (a stylesheet that failed) it stops asking for frames.
 */
const PRELOADS = `function(h){var d=document,r=requestAnimationFrame;function w(){if(d.readyState=="complete")return;\
var o=d.getElementById(h),c=d.querySelectorAll("link[rel=stylesheet]"),k=c.length,t;\
while(k--)if(!c[k].sheet)return r(w);if(!o||!o.nextElementSibling)return r(w);\
t=d.createElement("template");\
t.innerHTML=(o.textContent.match(/<link rel="modulepreload"[^>]*>/g)||[]).slice(0,2).join("");\
d.head.appendChild(t.content)}r(w)}`;

/**
 * After the holder: its text parsed in a range of the body becomes the elements it was written as.
 * The preload links go in the head now, but for those the head's script has put in (a browser may
 * also run this before its first frame: Firefox does); the stylesheet is in, since this script
 * waited for it. A template's scripts never run, so each is written anew (its nonce kept). The
 * data scripts go in at once (React's streamed chunks after this script add to them), the entry
 * module at `DOMContentLoaded`, once the document is whole.
 */
const START = `function(h){var d=document,r=d.createRange(),i,j,o,s;r.selectNodeContents(d.body);\
var e=d.importNode(r.createContextualFragment(h.textContent).querySelector("template").content,true),\
n=e.querySelectorAll("link,script");h.textContent="";\
for(i=0;i<n.length;i++){o=n[i];if(o.tagName=="LINK"){o.parentNode.removeChild(o);\
d.head.querySelector('link[href="'+o.getAttribute("href")+'"]')||d.head.appendChild(o);continue}\
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
