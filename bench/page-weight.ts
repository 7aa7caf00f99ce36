import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { PUBLIC_PAGES, SIGNED_IN_PAGES, wizardSteps } from "../tests/pages";
import { signIn, startServers } from "./lib";

/**
 * What each page makes the browser load before it is usable, gzipped as the server sends it:
 * the HTML, the stylesheets it links and the JavaScript it runs at once (the entry script and
 * every module the document preloads). Every page of the portal (tests/pages.ts), signed in with the
 * seeded data; the wizard's steps are reached with real form posts (one Single room, a transfer).
 * Budgets: at most 150 KB of JS on a page whose form is validated in the browser (by conform, with
 * zod where the form's schema, the one the server uses too, runs in the browser as well), 120 KB
 * on any other page, and 25 KB of CSS on every page.
 * Exits non-zero when a page is over its budget, so a change that adds weight is caught.
 */

const JS_BUDGET_KB = { "validated form": 150, other: 120 } as const;
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
const assetKb = (hrefs: Set<string>) =>
  [...hrefs].reduce((sum, href) => sum + gzippedKb(asset(href)), 0);

function weigh(html: string) {
  const scripts = new Set(
    [
      ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
      ...html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"/g),
    ]
      .map((match) => match[1] ?? match[2])
      .filter((href): href is string => Boolean(href) && href.startsWith("/assets/")),
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
  return { htmlKb: gzippedKb(html), jsKb: assetKb(scripts), cssKb: assetKb(styles), budget };
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

  const kb = (value: number) => `${value.toFixed(1)} KB`.padStart(9);
  console.log(
    `${"page".padEnd(54)} ${"HTML".padStart(9)} ${"JS".padStart(9)} ${"CSS".padStart(9)}  JS budget`,
  );
  let over = 0;
  for (const row of rows) {
    const jsBudgetKb = JS_BUDGET_KB[row.budget];
    const problems = [
      row.jsKb > jsBudgetKb ? `JS OVER ${jsBudgetKb} KB` : "",
      row.cssKb > CSS_LIMIT_KB ? `CSS OVER ${CSS_LIMIT_KB} KB` : "",
    ].filter(Boolean);
    if (problems.length > 0) over += 1;
    console.log(
      `${row.page.padEnd(54)} ${kb(row.htmlKb)} ${kb(row.jsKb)} ${kb(row.cssKb)}  ${`${jsBudgetKb} KB (${row.budget})`.padEnd(27)} ${problems.join(", ") || "ok"}`,
    );
  }
  for (const budget of Object.keys(JS_BUDGET_KB) as Array<keyof typeof JS_BUDGET_KB>) {
    const pages = rows.filter((row) => row.budget === budget);
    if (pages.length === 0) continue;
    const heaviest = Math.max(...pages.map((row) => row.jsKb));
    console.log(
      `${budget}: ${pages.length} pages, heaviest JS ${heaviest.toFixed(1)} KB (budget ${JS_BUDGET_KB[budget]} KB)`,
    );
  }
  const heaviestCss = Math.max(...rows.map((row) => row.cssKb));
  console.log(`heaviest CSS ${heaviestCss.toFixed(1)} KB (budget ${CSS_LIMIT_KB} KB), all gzipped`);
  if (over > 0) {
    console.log(`${over} page(s) over budget.`);
    process.exitCode = 1;
  }
} finally {
  servers.stop();
}
