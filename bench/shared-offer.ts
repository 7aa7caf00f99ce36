import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { percentile, shareAnOffer, signIn, startServers } from "./lib";

/**
 * A shared offer's page as its customers open it (issue 67): the demo agency shares a request's
 * offer, then
 * - its HTML, gzipped (goal: at most 12 KB beside the logo);
 * - SHARED_OFFER_OPENS (500) opens one after another, each from an address of its own, timed at
 *   the server by its request log (goal: p95 under 20 ms; one query, no provider call);
 * - SHARED_OFFER_USERS (50) customers opening it at once for SHARED_OFFER_SECONDS (60), each
 *   request from another address (goal: 0 errors).
 */

const OPENS = Number(process.env.SHARED_OFFER_OPENS ?? 500);
const USERS = Number(process.env.SHARED_OFFER_USERS ?? 50);
const SECONDS = Number(process.env.SHARED_OFFER_SECONDS ?? 60);

// As in production: the per-address limit's records in Redis, not the file store of `npm start`.
const servers = await startServers({ keepPortalOutput: true, store: true, redis: true });
const { portalUrl, sandboxUrl } = servers;
const cookie = await signIn(portalUrl);

const path = await shareAnOffer(portalUrl, cookie);

let address = 0;
/** Another client address each time: the page's limit is per address, as a crowd of customers. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

const html = await (
  await fetch(`${portalUrl}${path}`, { headers: { "X-Forwarded-For": nextAddress() } })
).text();
const htmlKb = gzipSync(html).length / 1024;

const logged = () =>
  servers
    .portalOutput()
    .split("\n")
    .filter((line) => line.includes(`"path":"${path}"`))
    .map((line) => JSON.parse(line) as { ms: number; status: number });
const callsBefore = (await (await fetch(`${sandboxUrl}/__sandbox/calls`)).json()).length;
const loggedBefore = logged().length;
for (let open = 0; open < OPENS; open++) {
  const answer = await fetch(`${portalUrl}${path}`, {
    headers: { "X-Forwarded-For": nextAddress() },
  });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`An open answered ${answer.status}`);
}
const times = logged()
  .slice(loggedBefore)
  .map((line) => line.ms)
  .sort((a, b) => a - b);
const providerCalls =
  (await (await fetch(`${sandboxUrl}/__sandbox/calls`)).json()).length - callsBefore;

const crowd = await autocannon({
  url: `${portalUrl}${path}`,
  connections: USERS,
  duration: SECONDS,
  requests: [
    { setupRequest: (request) => ({ ...request, headers: { "X-Forwarded-For": nextAddress() } }) },
  ],
});
servers.stop();

console.log(`HTML ${htmlKb.toFixed(1)} KB gzipped (goal ≤ 12)`);
console.log(
  `server time over ${times.length} opens: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (goal < 20); provider calls ${providerCalls} (goal 0)`,
);
console.log(
  `${USERS} customers for ${SECONDS} s: ${crowd.requests.total} opens, ${crowd.errors} errors, ${crowd.non2xx} not 200 (goal 0), p99 ${crowd.latency.p99} ms`,
);
const failed =
  htmlKb > 12 ||
  percentile(times, 95) >= 20 ||
  providerCalls > 0 ||
  crowd.errors + crowd.non2xx > 0;
process.exit(failed ? 1 : 0);
