import { request as httpRequest } from "node:http";
import { median, percentile, signIn, startServers } from "./lib";

/**
 * One notes poll of the request details page with nothing new, as the browser sends it every
 * 10 s: bytes on the wire (response headers and compressed body, and the request) and the
 * portal's answer time on loopback. Goal: under 2 KB a poll.
 */

const RUNS = Number(process.env.RUNS ?? 50);
const LIMIT_BYTES = 2048;
const REQUEST_ID = 7001;
const ROUTE = "routes/reservations.reservation-details.$requestId.notes";

type Wire = { status: number; requestBytes: number; responseBytes: number; ms: number };

/** A GET with the headers a browser sends, counting what travels both ways (compressed). */
function rawGet(url: string, cookie: string): Promise<Wire & { body: string }> {
  const headers = {
    Cookie: cookie,
    Accept: "*/*",
    "Accept-Encoding": "gzip, deflate, br",
    "Accept-Language": "en-US,en;q=0.9",
    "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36",
    Referer: url.replace(/\/notes\.data.*$/, ""),
  };
  const target = new URL(url);
  const requestBytes =
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n`.length +
    Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 2);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const head =
          `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length +
          response.rawHeaders.reduce(
            (sum, part, index) => sum + part.length + (index % 2 ? 2 : 2),
            2,
          );
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          requestBytes,
          responseBytes: head + body.length,
          ms: performance.now() - started,
          body: response.headers["content-encoding"] ? "" : body.toString("utf8"),
        });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const servers = await startServers();
try {
  const cookie = await signIn(servers.portalUrl);
  const base = `${servers.portalUrl}/reservations/reservation-details/${REQUEST_ID}/notes`;
  // The version the page holds: the first answer, uncompressed and without `known`.
  const first = await fetch(`${base}.data?_routes=${encodeURIComponent(ROUTE)}`, {
    headers: { Cookie: cookie },
  });
  const version = (await first.text()).match(/"version","([^"]+)"/)?.[1];
  if (!version) throw new Error("No notes version in the first answer");
  const pollUrl = `${base}.data?known=${encodeURIComponent(version)}&_routes=${encodeURIComponent(ROUTE)}`;

  await rawGet(pollUrl, cookie); // warm-up
  const polls: Wire[] = [];
  for (let run = 0; run < RUNS; run++) {
    const poll = await rawGet(pollUrl, cookie);
    if (poll.status !== 200) throw new Error(`Poll answered ${poll.status}`);
    polls.push(poll);
  }
  const response = median(polls.map((poll) => poll.responseBytes));
  const request = polls[0].requestBytes;
  const total = response + request;
  console.log(`notes poll with nothing new, ${RUNS} runs (request ${REQUEST_ID}, loopback)`);
  console.log(`  request on the wire  ${request} B (headers, with the session cookie)`);
  console.log(`  response on the wire ${response} B (status line, headers, compressed body)`);
  console.log(`  total                ${total} B (limit ${LIMIT_BYTES} B)`);
  const times = polls.map((poll) => poll.ms);
  console.log(
    `  answer time          median ${median(times).toFixed(1)} ms, p90 ${percentile(times, 90).toFixed(1)} ms (one provider call, the notes; nothing new to mark read)`,
  );
  if (total >= LIMIT_BYTES) {
    console.error("FAIL: a poll with nothing new costs 2 KB or more.");
    process.exitCode = 1;
  }
} finally {
  servers.stop();
}
