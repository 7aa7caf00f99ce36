import { gzipSync } from "node:zlib";
import {
  bookableRoom,
  percentile,
  median,
  signIn,
  SLOW_LINE,
  SLOW_LINE_BYTES_PER_MS,
  startServers,
} from "./lib";

/**
 * "Find a traveller booked before" for a large agency: the demo agency with WAITING (5,000) more
 * requests, each with the same two guests (the worst case: a name in every request). SEARCHES
 * (200, within the user's lookup limit of 300) searches as the JS combobox asks them, names taking
 * turns: in all 5,000 requests, in three (the Farahani family), in none. Prints each name's p50
 * and p95 at the portal (one provider call each), and the answer's bytes. Then the search a page
 * without JS sends (the rooms form with "Find a traveller"): its answer time and gzipped HTML, and
 * both answers' physical limit on the slow line (one round trip plus their bytes), since neither
 * path asks for anything else: with JS one GET after the pause in typing, without JS one post
 * answered with the page (no redirect).
 */

const WAITING = Number(process.env.WAITING ?? 5000);
const SEARCHES = Number(process.env.SEARCHES ?? 200);
const NAMES = ["Rahimi", "Farahani", "Zzyzx"];

const servers = await startServers();
try {
  const added = await fetch(`${servers.sandboxUrl}/__sandbox/agencies/1/waiting-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ count: WAITING }),
  });
  if (added.status !== 201) throw new Error(`Could not add the requests: ${added.status}`);
  const cookie = await signIn(servers.portalUrl);
  const search = async (name: string) => {
    const started = performance.now();
    const response = await fetch(
      `${servers.portalUrl}/reservations/travellers?${new URLSearchParams({ q: name })}`,
      { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } },
    );
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${body}`);
    return { ms: performance.now() - started, body };
  };
  await search("Rahimi");
  const times = new Map<string, number[]>(NAMES.map((name) => [name, []]));
  const bodies = new Map<string, string>();
  for (let index = 0; index < SEARCHES; index += 1) {
    const name = NAMES[index % NAMES.length];
    const { ms, body } = await search(name);
    times.get(name)!.push(ms);
    bodies.set(name, body);
  }
  const limit = (bytes: number) => SLOW_LINE.rttMs + bytes / SLOW_LINE_BYTES_PER_MS;
  console.log(`The demo agency with ${WAITING} more requests; ${SEARCHES} searches.`);
  console.log("name       matches  p50 ms  p95 ms  answer gzip B  slow-line limit ms");
  for (const name of NAMES) {
    const body = bodies.get(name)!;
    const bytes = gzipSync(body).length;
    const matches = (JSON.parse(body) as { items: unknown[] }).items.length;
    console.log(
      `${name.padEnd(10)} ${String(matches).padStart(7)} ${median(times.get(name)!).toFixed(1).padStart(7)} ${percentile(times.get(name)!, 95).toFixed(1).padStart(7)} ${String(bytes).padStart(14)} ${limit(bytes).toFixed(0).padStart(19)}`,
    );
  }
  const all = [...times.values()].flat();
  console.log(`every search: p95 ${percentile(all, 95).toFixed(1)} ms (goal < 150)`);

  // Without JS: the rooms step's form sent with "Find a traveller", answered with the page.
  const room = await bookableRoom(servers.sandboxUrl);
  const csrfOf = async (path: string) =>
    (
      await (await fetch(`${servers.portalUrl}${path}`, { headers: { Cookie: cookie } })).text()
    ).match(/name="csrf" value="([^"]+)"/)?.[1] ?? "";
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${servers.portalUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams(fields),
    });
  const hotel = await post("/reservations/new/hotel", {
    csrf: await csrfOf("/reservations/new/hotel"),
    propertyId: room.propertyId,
    checkIn: room.checkIn,
    checkOut: room.checkOut,
  });
  if (hotel.status !== 302) throw new Error(`The hotel step: ${hotel.status}`);
  const field = "traveller:rooms[0].guests[0]";
  const csrf = await csrfOf("/reservations/new/rooms");
  const pageTimes: number[] = [];
  let html = "";
  for (let run = 0; run < 20; run += 1) {
    const started = performance.now();
    const answer = await post("/reservations/new/rooms", {
      csrf,
      "rooms[0].roomTypeId": room.roomTypeId,
      "rooms[0].guests[0].firstName": "",
      [field]: "Farahani",
      "find-traveller:rooms[0].guests[0]": "",
    });
    html = await answer.text();
    pageTimes.push(performance.now() - started);
    if (answer.status !== 200 || !html.includes("traveller-results"))
      throw new Error(`The search without JS: ${answer.status}`);
  }
  const htmlBytes = gzipSync(html).length;
  console.log(
    `without JS, the rooms page with the matches: p50 ${median(pageTimes).toFixed(1)} ms, p95 ${percentile(pageTimes, 95).toFixed(1)} ms, ${htmlBytes} B gzipped, slow-line limit ${limit(htmlBytes).toFixed(0)} ms (one round trip, no redirect)`,
  );
} finally {
  servers.stop();
}
