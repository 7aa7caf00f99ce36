import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import autocannon, { type Request as CannonRequest } from "autocannon";
import {
  bookableRoom,
  cpuShares,
  machineCpu,
  percentile,
  processCpu,
  registerAgencies,
  rssMb,
  startServers,
} from "./lib";

/**
 * Load and soak: LOAD_USERS (50) agency users at once for LOAD_SECONDS (60), each connection one
 * user: sign in, dashboard, a new request through the wizard (hotel, rooms, review, submit), the
 * requests list, the new request's details, then that page's note polls. The sandbox adds
 * LOAD_LATENCY_MS (50) to every provider call. autocannon drives it; the per-page times come from
 * the portal's own request log (one JSON line per request, decision 011).
 *
 * LOAD_RATE (1) paces each user at that many requests a second, and the visit is as long as the
 * run: one wizard submission per user, then the details page polling until the end (the product
 * polls every 10 s; this polls every second). Paced users arrive one after another over the first
 * LOAD_RAMP_SECONDS (10). LOAD_RATE=0 is the stress run: no pacing, each user
 * repeats the visit (with two polls) as fast as the portal answers, which measures capacity.
 *
 * Prints errors (goal 0), p50/p95/p99 per page (goal p99 < 500 ms), requests per second, the
 * portal's RSS at start and end, and how busy the machine and the portal were (LOAD_LOG=file keeps
 * the portal's request log of the run). `npm run bench:soak` (LOAD_SECONDS=300, LOAD_RATE=0) is
 * the soak: RSS growth < 20%.
 */

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const LATENCY_MS = Number(process.env.LOAD_LATENCY_MS ?? 50);
const RATE = Number(process.env.LOAD_RATE ?? 1);
const RAMP_SECONDS = Number(process.env.LOAD_RAMP_SECONDS ?? 10);
const P99_GOAL_MS = 500;
const PASSWORD = "Load-test-2026";

const servers = await startServers({ keepPortalOutput: true });
const { portalUrl, sandboxUrl, portalPid } = servers;

const userNames = await registerAgencies(sandboxUrl, USERS, PASSWORD);
const room = await bookableRoom(sandboxUrl);
await fetch(`${sandboxUrl}/__sandbox/faults`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ path: "*", latencyMs: LATENCY_MS }),
});

/* ---------- One user's visit, as autocannon requests over a per-connection context ---------- */

type Visit = {
  cookies: Record<string, string>;
  csrf?: string;
  userName?: string;
  submitKey?: string;
  reviewedFinal?: string;
  requestId?: string;
};

/** Users not in a visit: each visit takes one and gives it back, so no two share a draft. */
const freeUsers = [...userNames];
const failures: string[] = [];

function keepCookies(context: Visit, headers: Record<string, unknown>) {
  const raw = headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  for (const header of list) {
    const [pair] = String(header).split(";");
    const at = pair.indexOf("=");
    context.cookies[pair.slice(0, at)] = pair.slice(at + 1);
  }
}

const hiddenValue = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

function step(
  method: "GET" | "POST",
  path: string | ((context: Visit) => string),
  options: {
    form?: (context: Visit) => Record<string, string>;
    expect: number;
    read?: (body: string, context: Visit) => void;
  },
): CannonRequest {
  return {
    method,
    setupRequest: (request, context) => {
      const visit = context as Visit;
      const headers: Record<string, string> = {
        cookie: Object.entries(visit.cookies ?? {})
          .map(([name, value]) => `${name}=${value}`)
          .join("; "),
      };
      const target = typeof path === "function" ? path(visit) : path;
      if (options.form) {
        headers["content-type"] = "application/x-www-form-urlencoded";
        return {
          ...request,
          method,
          path: target,
          headers,
          body: new URLSearchParams({ csrf: visit.csrf ?? "", ...options.form(visit) }).toString(),
        };
      }
      return { ...request, method, path: target, headers };
    },
    onResponse: (status, body, context, headers) => {
      const visit = context as Visit;
      visit.cookies ??= {};
      keepCookies(visit, (headers ?? {}) as Record<string, unknown>);
      const target = typeof path === "function" ? path(visit) : path;
      if (status !== options.expect) failures.push(`${method} ${target}: ${status}`);
      visit.csrf = hiddenValue(body, "csrf") ?? visit.csrf;
      options.read?.(body, visit);
    },
  };
}

const visit: CannonRequest[] = [
  step("GET", "/auth/login", {
    expect: 200,
    read: (_body, context) => {
      context.userName = freeUsers.shift();
      if (!context.userName) throw new Error("More connections than users");
    },
  }),
  step("POST", "/auth/login", {
    form: (context) => ({ username: context.userName!, password: PASSWORD }),
    expect: 302,
  }),
  step("GET", "/dashboard", { expect: 200 }),
  step("GET", "/reservations/new/hotel", { expect: 200 }),
  step("POST", "/reservations/new/hotel", {
    form: () => ({ propertyId: room.propertyId, checkIn: room.checkIn, checkOut: room.checkOut }),
    expect: 302,
  }),
  step("GET", "/reservations/new/rooms", { expect: 200 }),
  step("POST", "/reservations/new/rooms", {
    form: (context) => ({
      "rooms[0].roomTypeId": room.roomTypeId,
      "rooms[0].guests[0].firstName": "Load",
      "rooms[0].guests[0].lastName": context.userName!.replace(/\W/g, ""),
      "rooms[0].guests[0].dateOfBirth": "1990/05/17",
      "rooms[0].guests[0].gender": "Female",
      "rooms[0].guests[0].passportNumber": "P4001201",
      "rooms[0].guests[0].nationality": "IR",
    }),
    expect: 302,
  }),
  step("GET", "/reservations/new/review", {
    expect: 200,
    read: (body, context) => {
      context.submitKey = hiddenValue(body, "submitKey");
      context.reviewedFinal = hiddenValue(body, "reviewedFinal");
    },
  }),
  step("POST", "/reservations/new/review", {
    form: (context) => ({
      submitKey: context.submitKey ?? "",
      reviewedFinal: context.reviewedFinal ?? "",
    }),
    expect: 302,
  }),
  step("GET", "/reservations/list", {
    expect: 200,
    read: (body, context) => {
      context.requestId = /reservation-details\/(\d+)/.exec(body)?.[1];
    },
  }),
  step("GET", (context) => `/reservations/reservation-details/${context.requestId}`, {
    expect: 200,
  }),
];
const poll = (last = false) =>
  step("GET", (context) => `/reservations/reservation-details/${context.requestId}/notes`, {
    expect: 200,
    read: (_body, context) => {
      if (last && context.userName) freeUsers.push(context.userName);
    },
  });
// Paced, the polls fill the rest of the run, so the visit is not started again.
const polls = RATE ? Math.max(2, SECONDS * RATE - visit.length) : 2;
visit.push(...Array.from({ length: polls - 1 }, () => poll()), poll(true));

/* ---------- Run ---------- */

const rssAtStart = rssMb(portalPid);
const logStart = servers.portalOutput().length;
console.log(
  `${USERS} users for ${SECONDS} s, ${RATE ? `each at most ${RATE} request(s) a second` : "unpaced (stress)"}, ${LATENCY_MS} ms added to every provider call; portal RSS ${rssAtStart} MB`,
);
const cpuAtStart = { machine: machineCpu(), portal: processCpu(portalPid) };
const rssSamples: number[] = [];
// The portal is one process on one thread: the second it was busiest says whether it ran out.
let lastCpu = cpuAtStart;
let busiestSecond = 0;
const sampler = setInterval(() => {
  rssSamples.push(rssMb(portalPid));
  const now = { machine: machineCpu(), portal: processCpu(portalPid) };
  busiestSecond = Math.max(busiestSecond, cpuShares(lastCpu, now).portal * cpus().length);
  lastCpu = now;
}, 1000);
const options = { url: portalUrl, requests: visit, initialContext: { cookies: {} }, timeout: 30 };
const totals = await (RATE
  ? // Paced users arrive one after another over the first RAMP_SECONDS, as people do, not in one
    // instant; each is its own autocannon client and all stop together.
    Promise.all(
      userNames.map(async (_user, index) => {
        const delayMs = Math.round((index * RAMP_SECONDS * 1000) / USERS);
        await new Promise((resume) => setTimeout(resume, delayMs));
        const one = await autocannon({
          ...options,
          connections: 1,
          connectionRate: RATE,
          duration: SECONDS - delayMs / 1000,
        });
        return { requests: one.requests.total, errors: one.errors, timeouts: one.timeouts };
      }),
    ).then((results) =>
      results.reduce((sum, one) => ({
        requests: sum.requests + one.requests,
        errors: sum.errors + one.errors,
        timeouts: sum.timeouts + one.timeouts,
      })),
    )
  : autocannon({ ...options, connections: USERS, duration: SECONDS }).then((all) => ({
      requests: all.requests.total,
      errors: all.errors,
      timeouts: all.timeouts,
    })));
clearInterval(sampler);
const cpu = cpuShares(cpuAtStart, { machine: machineCpu(), portal: processCpu(portalPid) });
const rssAtEnd = rssMb(portalPid);
// The first tenth of the run warms caches and the JIT; growth is counted from there.
const warmUpSeconds = Math.max(1, Math.round(SECONDS / 10));
const warmRss = rssSamples[Math.min(rssSamples.length - 1, warmUpSeconds - 1)];

/** Pages by route: ids become `:id`, so each page's times are counted together. */
const routeOf = (path: string) => path.replace(/\/\d+(?=\/|$)/g, "/:id");
const times = new Map<string, number[]>();
for (const line of servers.portalOutput().slice(logStart).split("\n")) {
  if (!line.startsWith("{")) continue;
  const entry = JSON.parse(line) as { msg: string; method: string; path: string; ms: number };
  if (entry.msg !== "request") continue;
  const key = `${entry.method} ${routeOf(entry.path)}`;
  times.set(key, [...(times.get(key) ?? []), entry.ms]);
}

const rows = [...times].map(([route, values]) => ({
  route,
  count: values.length,
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  p99: percentile(values, 99),
}));
console.table(rows);
const worstP99 = Math.max(...rows.map((row) => row.p99));
const visits = times.get("POST /reservations/new/review")?.length ?? 0;
console.log(
  [
    `requests: ${totals.requests} (${Math.round(totals.requests / SECONDS)}/s), visits completed: ${visits}`,
    `errors: ${failures.length + totals.errors + totals.timeouts} (unexpected statuses ${failures.length}, connection errors ${totals.errors}, timeouts ${totals.timeouts}), goal 0`,
    `worst p99 of a page: ${worstP99} ms, goal < ${P99_GOAL_MS} ms`,
    `portal RSS: ${rssAtStart} MB idle, ${warmRss} MB after the first ${warmUpSeconds} s, ${rssAtEnd} MB at the end, peak ${Math.max(...rssSamples)} MB`,
    `RSS growth after warm-up: ${Math.round(((rssAtEnd - warmRss) / warmRss) * 100)}% (soak goal < 20%)`,
    `machine CPU during the run: ${cpu.busy}% busy (of all ${cpus().length} cores), the portal ${cpu.portal}%, taken by the host ${cpu.stolen}%; the portal's busiest second: ${busiestSecond}% of one core`,
  ].join("\n"),
);
if (failures.length) console.log("first failures:", [...new Set(failures)].slice(0, 10));
if (process.env.LOAD_LOG) {
  writeFileSync(process.env.LOAD_LOG, servers.portalOutput().slice(logStart));
  console.log(`the portal's request log of the run: ${process.env.LOAD_LOG}`);
}
servers.stop();
