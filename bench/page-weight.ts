import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { PUBLIC_PAGES, SIGNED_IN_PAGES, wizardSteps } from "../tests/pages";
import { signIn, startServers } from "./lib";

/**
 * What each page makes the browser load before it is usable, compressed as the server sends it:
 * the HTML (gzip, all a browser without JS loads besides the CSS), the stylesheets it links, the
 * JavaScript it runs at once (the entry script and every module the document preloads) and the
 * translation files preloaded with it (decision 033), the last three gzipped and as Brotli (the
 * build's `.br`, sent to browsers that read it). Every page of the portal (tests/pages.ts), signed
 * in with the seeded data; the wizard's steps are reached with real form posts (one Single room, a
 * transfer).
 * Budgets: HTML at most 10% over the page's document before its translations moved into it
 * (decision 028, measured on 4473eca~1; pages added since, from their first measure), plus the
 * markup of a feature added since where one is named (`FEATURE_KB`); at most
 * 150 KB of JS (gzipped) on a page whose form is validated in the browser (by conform, with zod
 * where the form's schema, the one the server uses too, runs in the browser as well), 120 KB on any
 * other page, and 25 KB of CSS on every page.
 * Exits non-zero when a page is over a budget, so a change that adds weight is caught.
 */

const JS_BUDGET_KB = { "validated form": 150, other: 120 } as const;
/** Each page's HTML before decision 028, gzipped, KB; the budget is 10% over it. */
const HTML_BEFORE_KB: Record<string, number> = {
  "/auth/login": 3.0,
  "/auth/register": 5.7,
  "/auth/register-success": 2.6,
  "/dashboard": 8.2,
  "/changePassword": 4.4,
  "/account/verify-email": 4.5,
  // Added since: their first measure (2026-11-29), the offers sent with none yet.
  "/agency/branding": 4.5,
  "/agency/offers": 4.4,
  "/reservations/list": 6.7,
  "/reservations/reservation-details/7001": 7.4,
  "/reservations/reservation-details/7001?confirm=delete": 7.5,
  "/reservations/reservation-details/7001/print": 5.0,
  "/reservations/reservation-details/7013/voucher": 4.9,
  // Added since: its first measure (2026-11-28).
  "/reservations/reservation-details/7001/offer?markupKind=percent&markup=12&language=both": 5.3,
  "/reservations/modify-date-reservation/7001": 4.8,
  "/reservations/modify-room-reservation/7001": 8.2,
  "/reservations/modify-flight-reservation/7001": 6.0,
  // Added since: its first measure (2026-11-28).
  "/reservations/add-reservation/3001/hotel": 7.1,
  "/orders": 5.8,
  "/orders/order-details/3001": 6.8,
  "/orders/order-details/3001/receipt": 5.4,
  "/orders/order-details/3001/tickets/15001": 5.1,
  "/payments": 6.1,
  "/transactions": 6.0,
  "/reservations/new/hotel": 6.8,
  "/reservations/new/rooms": 7.4,
  "/reservations/new/flights": 6.0,
  "/reservations/new/review": 6.6,
};
const HTML_MARGIN = 1.1;
/**
 * Markup a feature added to a page since its measure above, KB gzipped, as measured when it came:
 * the page's budget grows by it, and by nothing else.
 */
const FEATURE_KB: Record<string, number> = {
  // "Sign out everywhere", its own form (issue 66).
  "/changePassword": 0.1,
  // "Find a traveller booked before" beside the guest (issue 68).
  "/reservations/modify-room-reservation/7001": 0.11,
};
/**
 * The language buttons that send the form being typed (issue 71): the form's own copy for a text
 * browser, the default button before the top bar's and their `form`: 0.065 to 0.083 KB a page.
 */
const LANGUAGE_KEEPING_KB = 0.08;
for (const page of [
  "/account/verify-email",
  "/reservations/reservation-details/7001",
  "/reservations/reservation-details/7001?confirm=delete",
  "/reservations/modify-date-reservation/7001",
  "/reservations/modify-room-reservation/7001",
  "/reservations/modify-flight-reservation/7001",
  "/reservations/add-reservation/3001/hotel",
  "/orders/order-details/3001",
  "/orders/order-details/3001/receipt",
  "/orders/order-details/3001/tickets/15001",
  "/reservations/new/hotel",
  "/reservations/new/rooms",
  "/reservations/new/flights",
])
  FEATURE_KB[page] = (FEATURE_KB[page] ?? 0) + LANGUAGE_KEEPING_KB;
const CSS_LIMIT_KB = 25;
/**
 * A name only conform's own code holds (its intent field): a page that loads conform validates a
 * form in the browser (the wizard and the account forms with their zod schema, the lists' filters
 * and a ticket's form with the checks their fields carry).
 */
const FORM_VALIDATION_MARK = '"__intent__"';

const servers = await startServers();
const gzippedKb = (bytes: Buffer | string) => gzipSync(bytes).length / 1024;
const asset = (href: string) => readFileSync(`build/client${href}`);
const brotliKb = (href: string) =>
  existsSync(`build/client${href}.br`) ? asset(`${href}.br`).length / 1024 : gzippedKb(asset(href));
const assetKb = (hrefs: Set<string>) => ({
  gzip: [...hrefs].reduce((sum, href) => sum + gzippedKb(asset(href)), 0),
  brotli: [...hrefs].reduce((sum, href) => sum + brotliKb(href), 0),
});

function weigh(html: string) {
  const scripts = new Set(
    [
      ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
      ...html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"/g),
    ]
      .map((match) => match[1] ?? match[2])
      .filter((href): href is string => Boolean(href) && href.startsWith("/assets/")),
  );
  const texts = new Set(
    [
      ...html.matchAll(
        /<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+\.json)"/g,
      ),
    ]
      .map((match) => match[1])
      .filter((href) => href.startsWith("/assets/")),
  );
  const styles = new Set(
    [...html.matchAll(/<link rel="stylesheet" href="([^"]+\.css)"/g)]
      .map((match) => match[1])
      .filter((href) => href.startsWith("/assets/")),
  );
  const budget: keyof typeof JS_BUDGET_KB = [...scripts].some((href) =>
    asset(href).includes(FORM_VALIDATION_MARK),
  )
    ? "validated form"
    : "other";
  return {
    htmlKb: gzippedKb(html),
    js: assetKb(scripts),
    texts: assetKb(texts),
    css: assetKb(styles),
    budget,
  };
}

try {
  const cookie = await signIn(servers.portalUrl);
  const get = (path: string, signedIn = true) =>
    fetch(`${servers.portalUrl}${path}`, { headers: signedIn ? { Cookie: cookie } : {} }).then(
      (r) => r.text(),
    );
  const post = async (path: string, fields: Record<string, string>) => {
    const csrf = (await get(path)).match(/name="csrf" value="([^"]+)"/)?.[1] ?? "";
    const response = await fetch(`${servers.portalUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, ...fields }),
    });
    if (response.status !== 302) throw new Error(`${path} answered ${response.status}`);
  };

  const rows: Array<{ page: string } & ReturnType<typeof weigh>> = [];
  const measure = async (page: string, signedIn = true) =>
    rows.push({ page, ...weigh(await get(page, signedIn)) });

  for (const page of PUBLIC_PAGES) await measure(page, false);
  for (const page of Object.values(SIGNED_IN_PAGES).flat()) await measure(page);
  for (const { path, moveOn } of wizardSteps()) {
    await measure(path);
    if (moveOn) await post(path, moveOn);
  }

  const kb = (value: number) => `${value.toFixed(1)}`.padStart(6);
  const both = ({ gzip, brotli }: { gzip: number; brotli: number }) => `${kb(gzip)} ${kb(brotli)}`;
  console.log(
    `${"page".padEnd(54)} ${"HTML".padStart(6)} ${"budget".padStart(6)}  ${"JS gz / br".padStart(13)}  ${"texts gz / br".padStart(13)}  ${"CSS gz / br".padStart(13)}  (KB)`,
  );
  let over = 0;
  for (const row of rows) {
    const jsBudgetKb = JS_BUDGET_KB[row.budget];
    const htmlBudgetKb =
      (HTML_BEFORE_KB[row.page] ?? Infinity) * HTML_MARGIN + (FEATURE_KB[row.page] ?? 0);
    const problems = [
      row.htmlKb > htmlBudgetKb
        ? `HTML OVER ${htmlBudgetKb.toFixed(2)} KB (${row.htmlKb.toFixed(2)})`
        : "",
      row.js.gzip > jsBudgetKb ? `JS OVER ${jsBudgetKb} KB (${row.budget})` : "",
      row.css.gzip > CSS_LIMIT_KB ? `CSS OVER ${CSS_LIMIT_KB} KB` : "",
    ].filter(Boolean);
    if (problems.length > 0) over += 1;
    console.log(
      `${row.page.slice(0, 54).padEnd(54)} ${kb(row.htmlKb)} ${kb(htmlBudgetKb)}  ${both(row.js)}  ${both(row.texts)}  ${both(row.css)}  ${problems.join(", ") || "ok"}`,
    );
  }
  for (const budget of Object.keys(JS_BUDGET_KB) as Array<keyof typeof JS_BUDGET_KB>) {
    const pages = rows.filter((row) => row.budget === budget);
    if (pages.length === 0) continue;
    const heaviest = Math.max(...pages.map((row) => row.js.gzip));
    console.log(
      `${budget}: ${pages.length} pages, heaviest JS ${heaviest.toFixed(1)} KB gzipped (budget ${JS_BUDGET_KB[budget]} KB)`,
    );
  }
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  console.log(
    `JS over all pages: ${sum((row) => row.js.gzip).toFixed(0)} KB gzipped, ${sum((row) => row.js.brotli).toFixed(0)} KB as Brotli (${((1 - sum((row) => row.js.brotli) / sum((row) => row.js.gzip)) * 100).toFixed(0)}% less)`,
  );
  const heaviestCss = Math.max(...rows.map((row) => row.css.gzip));
  console.log(`heaviest CSS ${heaviestCss.toFixed(1)} KB gzipped (budget ${CSS_LIMIT_KB} KB)`);
  if (over > 0) {
    console.log(`${over} page(s) over budget.`);
    process.exitCode = 1;
  }
} finally {
  servers.stop();
}
