import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { signIn, startServers } from "./lib";

/**
 * What each page makes the browser load before it is usable, gzipped as the server sends it:
 * the HTML, the stylesheets it links and the JavaScript it runs at once (the entry script and
 * every module the document preloads). Every route of the portal, signed in with the seeded data;
 * the wizard's steps are reached with real form posts (one Single room, a transfer).
 * Goals: at most 120 KB of JS and 25 KB of CSS on any page.
 */

const JS_LIMIT_KB = 120;
const CSS_LIMIT_KB = 25;
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "/");

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

  await measure("/auth/login", false);
  await measure("/auth/register", false);
  for (const page of [
    "/dashboard",
    "/changePassword",
    "/account/verify-email",
    "/reservations/list",
    "/reservations/reservation-details/7001",
    "/reservations/reservation-details/7001/print",
    "/reservations/modify-date-reservation/7001",
    "/reservations/modify-room-reservation/7001",
    "/reservations/modify-flight-reservation/7001",
    "/orders",
    "/orders/order-details/3001",
    "/orders/order-details/3001/receipt",
    "/orders/order-details/3001/tickets/15001",
    "/payments",
    "/transactions",
  ])
    await measure(page);

  // The wizard, step by step.
  const guest = {
    "rooms[0].guests[0].firstName": "Sara",
    "rooms[0].guests[0].lastName": "Ahmadi",
    "rooms[0].guests[0].dateOfBirth": "1990/01/01",
    "rooms[0].guests[0].gender": "Female",
    "rooms[0].guests[0].passportNumber": "P4001201",
    "rooms[0].guests[0].nationality": "IR",
  };
  const flight = (prefix: string, from: string, to: string, date: string) => ({
    [`${prefix}.airline`]: "IR",
    [`${prefix}.flightNumber`]: "IR712",
    [`${prefix}.origin`]: from,
    [`${prefix}.destination`]: to,
    [`${prefix}.takeOffDate`]: date,
    [`${prefix}.takeOffTime`]: "07:40",
  });
  await measure("/reservations/new/hotel");
  await post("/reservations/new/hotel", {
    propertyId: "1004",
    checkIn: day(10),
    checkOut: day(13),
    needTransfer: "on",
  });
  await measure("/reservations/new/rooms");
  await post("/reservations/new/rooms", { "rooms[0].roomTypeId": "403", ...guest });
  await measure("/reservations/new/flights");
  await post("/reservations/new/flights", {
    ...flight("arrival", "IKA", "DXB", day(10)),
    ...flight("departure", "DXB", "IKA", day(13)),
  });
  await measure("/reservations/new/review");

  const kb = (value: number) => `${value.toFixed(1)} KB`.padStart(9);
  console.log(
    `${"page".padEnd(48)} ${"HTML".padStart(9)} ${"JS".padStart(9)} ${"CSS".padStart(9)}`,
  );
  for (const row of rows) {
    const over = [
      row.jsKb > JS_LIMIT_KB ? `JS OVER ${JS_LIMIT_KB} KB` : "",
      row.cssKb > CSS_LIMIT_KB ? `CSS OVER ${CSS_LIMIT_KB} KB` : "",
    ].filter(Boolean);
    console.log(
      `${row.page.padEnd(48)} ${kb(row.htmlKb)} ${kb(row.jsKb)} ${kb(row.cssKb)}  ${over.join(", ") || "ok"}`,
    );
  }
  const heaviest = (key: "jsKb" | "cssKb") => Math.max(...rows.map((row) => row[key]));
  console.log(
    `heaviest JS ${heaviest("jsKb").toFixed(1)} KB (goal ≤ ${JS_LIMIT_KB}), heaviest CSS ${heaviest("cssKb").toFixed(1)} KB (goal ≤ ${CSS_LIMIT_KB}), all gzipped`,
  );
} finally {
  servers.stop();
}
