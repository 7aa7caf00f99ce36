import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { PUBLIC_PAGES, SIGNED_IN_PAGES, wizardSteps } from "../tests/pages";
import { signIn, startServers } from "./lib";

/**
 * What each page makes the browser load before it is usable, gzipped as the server sends it:
 * the HTML, the stylesheets it links and the JavaScript it runs at once (the entry script and
 * every module the document preloads). Every page of the portal (tests/pages.ts), signed in with the
 * seeded data; the wizard's steps are reached with real form posts (one Single room, a transfer).
 * Goals: at most 120 KB of JS and 25 KB of CSS on any page.
 */

const JS_LIMIT_KB = 120;
const CSS_LIMIT_KB = 25;

const servers = await startServers();
const gzippedKb = (bytes: Buffer | string) => gzipSync(bytes).length / 1024;
const assetKb = (hrefs: Set<string>) =>
  [...hrefs].reduce((sum, href) => sum + gzippedKb(readFileSync(`build/client${href}`)), 0);

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
  return { htmlKb: gzippedKb(html), jsKb: assetKb(scripts), cssKb: assetKb(styles) };
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
    `${"page".padEnd(54)} ${"HTML".padStart(9)} ${"JS".padStart(9)} ${"CSS".padStart(9)}`,
  );
  for (const row of rows) {
    const over = [
      row.jsKb > JS_LIMIT_KB ? `JS OVER ${JS_LIMIT_KB} KB` : "",
      row.cssKb > CSS_LIMIT_KB ? `CSS OVER ${CSS_LIMIT_KB} KB` : "",
    ].filter(Boolean);
    console.log(
      `${row.page.padEnd(54)} ${kb(row.htmlKb)} ${kb(row.jsKb)} ${kb(row.cssKb)}  ${over.join(", ") || "ok"}`,
    );
  }
  const heaviest = (key: "jsKb" | "cssKb") => Math.max(...rows.map((row) => row[key]));
  console.log(
    `heaviest JS ${heaviest("jsKb").toFixed(1)} KB (goal ≤ ${JS_LIMIT_KB}), heaviest CSS ${heaviest("cssKb").toFixed(1)} KB (goal ≤ ${CSS_LIMIT_KB}), all gzipped`,
  );
} finally {
  servers.stop();
}
