import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { signIn, startServers } from "./lib";

/**
 * The JavaScript each wizard step makes the browser load before the page is usable: the entry
 * script and every module the document preloads, gzipped as a server would send them. Walks the
 * four steps with real form posts (one Single room, a transfer). Goal: at most 120 KB per step.
 */

const LIMIT_KB = 120;
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "/");

const servers = await startServers();
try {
  const cookie = await signIn(servers.portalUrl);
  const get = (path: string) =>
    fetch(`${servers.portalUrl}${path}`, { headers: { Cookie: cookie } }).then((r) => r.text());
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
  const weigh = (html: string) => {
    const files = new Set(
      [
        ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
        ...html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"/g),
      ]
        .map((match) => match[1] ?? match[2])
        .filter((href): href is string => Boolean(href) && href.startsWith("/assets/")),
    );
    const bytes = [...files].reduce(
      (sum, href) => sum + gzipSync(readFileSync(`build/client${href}`)).length,
      0,
    );
    return { files: files.size, kb: bytes / 1024 };
  };

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
  const rows: Array<[string, { files: number; kb: number }]> = [];
  rows.push(["hotel", weigh(await get("/reservations/new/hotel"))]);
  await post("/reservations/new/hotel", {
    propertyId: "1004",
    checkIn: day(10),
    checkOut: day(13),
    needTransfer: "on",
  });
  rows.push(["rooms", weigh(await get("/reservations/new/rooms"))]);
  await post("/reservations/new/rooms", { "rooms[0].roomTypeId": "403", ...guest });
  rows.push(["flights", weigh(await get("/reservations/new/flights"))]);
  await post("/reservations/new/flights", {
    ...flight("arrival", "IKA", "DXB", day(10)),
    ...flight("departure", "DXB", "IKA", day(13)),
  });
  rows.push(["review", weigh(await get("/reservations/new/review"))]);

  console.log("step      modules   gzipped JS");
  for (const [step, { files, kb }] of rows)
    console.log(
      `${step.padEnd(10)}${String(files).padStart(7)}   ${kb.toFixed(1).padStart(7)} KB ${kb <= LIMIT_KB ? "ok" : `OVER ${LIMIT_KB} KB`}`,
    );
} finally {
  servers.stop();
}
