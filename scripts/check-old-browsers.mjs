// The old-browser promise of decision 003, checked on the built assets (`npm test` runs it after
// the build): the stylesheet against `.browserslistrc` (doiuse, on caniuse's data) and the scripts
// at the syntax level the decision promises (es-check). A feature some listed browser lacks
// fails the check unless it is named below with what those browsers get instead; a new one is
// given a fallback, or named here and in the decision.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import DoIUse from "doiuse/lib/DoIUse.js";
import postcss from "postcss";

const ASSETS = "build/client/assets";

/** The scripts' syntax: Vite 6's default target (Chrome 87, Edge 88, Firefox 78, Safari 14). */
const SCRIPT_LEVEL = "es2020";

/**
 * Features of the stylesheet some listed browser lacks or half-supports, each with what that
 * browser gets instead. Every one leaves the page readable and every form usable.
 */
const ACCEPTED = {
  "css-logical-props":
    "Chrome/Edge < 87, Safari < 14.1: start/end margins, paddings and borders hold (Chrome 69+ " +
    "and Safari 12.1+ know those longhands); the focused skip link sits where it is, not at the " +
    "start corner (`inset-inline-start`)",
  "css-has":
    "Chrome/Edge < 105, Safari < 15.4: a chosen hotel or room type is shown by its own radio " +
    "button, without the highlighted card",
  "css-focus-visible":
    "Chrome/Edge < 86, Safari < 15.4: the browser's own focus ring instead of the portal's " +
    "(nothing removes it)",
  "css-matches-pseudo":
    "Chrome/Edge < 88, Safari < 14: arrows are not mirrored in Persian (`rtl:` rules use " +
    ":where()); the `hidden` attribute still hides, by the browser's own sheet",
  "css-not-sel-list": "Chrome/Edge < 88: the same rule as above (`:where(:not(...))`) is skipped",
  "css-math-functions":
    "a false match: `minmax()` of the grid columns, known to every listed browser, is not min()",
  "css-sticky": "Chrome/Edge < 91: a table's header row scrolls away with its rows",
  "css-overflow": "a half-support of `overflow: clip`, which the portal does not use",
  multicolumn: "a half-support of column breaks, which the portal does not use",
  "css-appearance": "older browsers draw their own check box and select arrow",
  "text-decoration": "a dotted underline (abbreviations) is drawn solid",
  "extended-system-fonts": "the next font of the list (Tahoma, Segoe UI, system-ui)",
  "css3-tabsize": "Safari < 13.1: tab width in preformatted text, which the portal does not show",
  "css3-cursors": "touch screens (iOS) show no mouse cursor at all",
  "css-text-indent": "a half-support of `each-line`/`hanging`, which the portal does not use",
  "css-resize": "iOS: a text box cannot be resized by hand",
  "css-display-contents":
    "a half-support (buttons and accessibility), which the portal does not use",
  "css-paged-media": "Safari < 18.2 prints with its own page margins",
};

const assets = readdirSync(ASSETS);
const unexpected = new Map();
for (const file of assets.filter((name) => name.endsWith(".css"))) {
  await postcss([
    new DoIUse({
      // The browsers of `.browserslistrc`, which doiuse reads as autoprefixer does.
      onFeatureUsage: ({ feature, message }) => {
        if (!(feature in ACCEPTED)) unexpected.set(feature, `${file}: ${message}`);
      },
    }),
  ]).process(readFileSync(join(ASSETS, file), "utf8"), { from: join(ASSETS, file) });
}
if (unexpected.size) {
  console.error(
    "The stylesheet uses features that browsers of .browserslistrc lack (docs/decisions/003):",
  );
  for (const message of unexpected.values()) console.error(`  ${message}`);
  process.exit(1);
}

const scripts = assets.filter((name) => name.endsWith(".js")).map((name) => join(ASSETS, name));
try {
  execFileSync(
    join("node_modules", ".bin", "es-check"),
    [SCRIPT_LEVEL, "--module", "--silent", ...scripts],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
} catch {
  console.error(`The scripts go beyond ${SCRIPT_LEVEL} (docs/decisions/003).`);
  process.exit(1);
}
console.log(
  `Old browsers: the stylesheet within .browserslistrc (${Object.keys(ACCEPTED).length} features ` +
    `named with what older browsers get), ${scripts.length} scripts within ${SCRIPT_LEVEL}.`,
);
