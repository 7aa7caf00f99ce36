import { rmSync } from "node:fs";
import { startCluster, type Cluster } from "../deploy/cluster";
import {
  BENCH_SESSION_SECRET,
  bookableRoom,
  percentile,
  registerAgencies,
  startSandbox,
} from "./lib";

/**
 * What users see when a part of the deployment fails under load (decision 022): HAProxy in front
 * of three instances on Redis under Sentinel (a primary, a replica, three Sentinels:
 * `deploy/cluster.ts`, decision 037), USERS (50) agencies working through the
 * proxy at one request a second each, the sandbox adding LATENCY_MS (50) to every provider call,
 * for SECONDS (90). At EVENT_AT (30 s) one failure, each scenario on a fresh cluster:
 * - kill: one instance SIGKILLed, started again 20 s later;
 * - redis: Redis stopped (SIGTERM, the primary and its replica: no failover can help) for 5 s,
 *   then started again;
 * - primary: the Redis primary SIGKILLed, its replica promoted by the Sentinels, the killed node
 *   started again 20 s later as the new primary's replica (goal: no failed page, back to normal
 *   within the failover's time plus 2 s);
 * - pause: one instance stopped with SIGSTOP for 10 s, then SIGCONT.
 * `FAILURES=kill,pause` runs some of them.
 *
 * Each user signs in once and repeats a visit: the dashboard, a request through the wizard (hotel,
 * rooms, review, submit), the list, the new request's details and three note polls. A user who meets
 * a failed page does what a person does: waits a second and tries the page again (a form: opens it
 * again and sends it again). Beside them, PARKED (5) users have a draft half done and do nothing:
 * their drafts in Redis must come out of every failure as they went in.
 *
 * Per scenario: requests that got a 5xx or no answer, and what the failed pages were; the most
 * failed pages one user met in a row; users signed out; drafts lost (parked drafts changed or gone,
 * and wizard steps that found their draft gone); duplicate requests at the provider; p50/p99
 * before, during and after; and how long until every answer was normal again.
 * Goals: 0 drafts lost, 0 duplicates, 0 users signed out by an instance loss, at most one failed
 * page in a row per user, never HAProxy's own error page, and the portal back to normal by itself.
 */

const USERS = Number(process.env.USERS ?? 50);
const PARKED = 5;
const SECONDS = Number(process.env.SECONDS ?? 90);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 50);
const EVENT_AT = Number(process.env.EVENT_AT ?? 30);
const PASSWORD = "Failure-test-2026";
const SCENARIOS = (process.env.FAILURES ?? "kill,redis,primary,pause").split(",");

type Outcome = {
  user: number;
  /** Seconds since the run started, when the request was sent. */
  at: number;
  ms: number;
  method: string;
  path: string;
  /** 0: no answer (the connection failed or was dropped). */
  status: number;
  /** For a failed page: whose page it was. */
  page?: "portal" | "proxy, the project's" | "proxy, HAProxy's own" | "none";
  /** For no answer: what the client's connection said. */
  error?: string;
};

type Scenario = {
  name: string;
  /** What happens at EVENT_AT; resolves when the failure has been put right. */
  act: (cluster: Cluster) => Promise<void>;
};

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

const SCENARIO_ACTS: Record<string, Scenario> = {
  kill: {
    name: "an instance SIGKILLed, started again 20 s later",
    async act(cluster) {
      await cluster.instances[1].kill();
      await wait(20_000);
      await cluster.instances[1].start();
    },
  },
  redis: {
    name: "Redis (the primary and its replica) stopped for 5 s, then started again",
    async act(cluster) {
      await cluster.redis.stop();
      await wait(5_000);
      await cluster.redis.start();
    },
  },
  primary: {
    name: "the Redis primary SIGKILLed, the replica promoted, the node back 20 s later as a replica",
    async act(cluster) {
      const primary = await cluster.redis.primary();
      const killedAt = Date.now();
      await primary.kill();
      const promoted = await cluster.redis.failedOverFrom(primary);
      console.log(
        `\nprimary: ${promoted.name} promoted ${((Date.now() - killedAt) / 1000).toFixed(1)} s after ${primary.name} was killed`,
      );
      await wait(20_000);
      await primary.start(promoted.port);
    },
  },
  pause: {
    name: "an instance paused (SIGSTOP) for 10 s, then SIGCONT",
    async act(cluster) {
      cluster.instances[1].pause();
      await wait(10_000);
      cluster.instances[1].resume();
    },
  },
};

const hiddenValue = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

/** Whose page a failed answer was: the portal's, the proxy's page the project ships, HAProxy's. */
function pageOf(status: number, body: string): Outcome["page"] {
  if (status === 0) return "none";
  if (body.includes("دوباره تلاش کنید") && body.includes("Try again") && !body.includes("__remix"))
    return "proxy, the project's";
  if (/<h1>\d{3} [A-Za-z ]+<\/h1>/.test(body)) return "proxy, HAProxy's own";
  return "portal";
}

/** One simulated agency user: a cookie jar, a pace, and a record of every answer. */
function agencyUser(index: number, userName: string, proxyUrl: string, started: number) {
  const cookies = new Map<string, string>();
  let lastSentAt = 0;
  let csrf = "";
  const outcomes: Outcome[] = [];

  async function call(method: "GET" | "POST", path: string, form?: Record<string, string>) {
    // One request a second, as a person clicks.
    const due = lastSentAt + 1000;
    if (Date.now() < due) await wait(due - Date.now());
    lastSentAt = Date.now();
    const sentAt = Date.now();
    let status = 0;
    let body = "";
    let location = "";
    let error: string | undefined;
    try {
      const response = await fetch(`${proxyUrl}${path}`, {
        method,
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
        headers: {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form ? new URLSearchParams({ csrf, ...form }).toString() : undefined,
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(";");
        const at = pair.indexOf("=");
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      status = response.status;
      location = response.headers.get("location") ?? "";
      body = await response.text();
      csrf = hiddenValue(body, "csrf") ?? csrf;
    } catch (failure) {
      status = 0;
      const cause = (failure as { cause?: { code?: string; message?: string } }).cause;
      error = cause?.code ?? cause?.message ?? (failure as Error).message;
    }
    const outcome: Outcome = {
      user: index,
      at: (sentAt - started) / 1000,
      ms: Date.now() - sentAt,
      method,
      path: path.replace(/\/\d+(?=\/|$|\?)/g, "/:id"),
      status,
    };
    if (status === 0 || status >= 500) outcome.page = pageOf(status, body);
    if (error) outcome.error = error;
    outcomes.push(outcome);
    return { status, body, location, failed: status === 0 || status >= 500 };
  }

  return { userName, outcomes, call };
}

type User = ReturnType<typeof agencyUser>;

/** Counters a user's visits add to. */
const tally = () => ({ signedOut: 0, draftsLostInUse: 0, submitted: new Set<string>() });
type Tally = ReturnType<typeof tally>;

/**
 * A step of a visit, tried again a second after a failed page, as a person would, up to five
 * times. `expect` is the status the step should end with; the answer is returned.
 */
async function step(
  user: User,
  counts: Tally,
  send: () => Promise<Awaited<ReturnType<User["call"]>>>,
  expect: number,
) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const answer = await send();
    if (answer.failed) {
      await wait(1000);
      continue;
    }
    if (answer.status === 302 && answer.location.startsWith("/auth/login")) {
      counts.signedOut += 1;
      await signIn(user);
      continue;
    }
    if (answer.status !== expect) return { ...answer, ok: false };
    return { ...answer, ok: true };
  }
  return { status: 0, body: "", location: "", failed: true, ok: false };
}

async function signIn(user: User) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const form = await user.call("GET", "/auth/login");
    if (form.failed) continue;
    const answer = await user.call("POST", "/auth/login", {
      username: user.userName,
      password: PASSWORD,
    });
    if (answer.status === 302) return;
  }
  throw new Error(`${user.userName} could not sign in`);
}

type Room = Awaited<ReturnType<typeof bookableRoom>>;

/** The wizard's first two steps: the draft then holds a hotel and a room. */
async function startRequest(user: User, counts: Tally, room: Room, guestName: string) {
  await step(user, counts, () => user.call("GET", "/reservations/new/hotel"), 200);
  const hotel = await step(
    user,
    counts,
    () =>
      user.call("POST", "/reservations/new/hotel", {
        propertyId: room.propertyId,
        checkIn: room.checkIn,
        checkOut: room.checkOut,
      }),
    302,
  );
  if (!hotel.ok) return false;
  await step(user, counts, () => user.call("GET", "/reservations/new/rooms"), 200);
  const rooms = await step(
    user,
    counts,
    () =>
      user.call("POST", "/reservations/new/rooms", {
        "rooms[0].roomTypeId": room.roomTypeId,
        "rooms[0].guests[0].firstName": "Load",
        "rooms[0].guests[0].lastName": guestName,
        "rooms[0].guests[0].dateOfBirth": "1990/05/17",
        "rooms[0].guests[0].gender": "Female",
        "rooms[0].guests[0].passportNumber": "P4001201",
        "rooms[0].guests[0].nationality": "IR",
      }),
    302,
  );
  return rooms.ok && rooms.location.endsWith("/review");
}

/** A guest name only this visit of this user carries (letters only, as names are checked). */
function visitName(user: number, visit: number) {
  const letters = (value: number) =>
    [...String(value)].map((digit) => "abcdefghij"[Number(digit)]).join("");
  return `Guest${letters(user)}x${letters(visit)}`;
}

async function visitAgain(user: User, index: number, counts: Tally, room: Room, end: number) {
  for (let visit = 0; Date.now() < end; visit += 1) {
    await step(user, counts, () => user.call("GET", "/dashboard"), 200);
    const guestName = visitName(index, visit);
    if (!(await startRequest(user, counts, room, guestName))) {
      counts.draftsLostInUse += 1;
      continue;
    }
    // The review, then the submit; a failed submit is sent again from the review, whose submit
    // key is the draft's own: the portal and the provider see one request (decision 008).
    let submitted = false;
    for (let attempt = 0; attempt < 5 && !submitted && Date.now() < end + 30_000; attempt += 1) {
      const review = await step(
        user,
        counts,
        () => user.call("GET", "/reservations/new/review"),
        200,
      );
      if (!review.ok) {
        // The review sends a submitted draft's user to the list or the wizard's start.
        if (review.status === 302 && counts.submitted.has(guestName)) submitted = true;
        else if (review.status === 302) counts.draftsLostInUse += 1;
        break;
      }
      const answer = await user.call("POST", "/reservations/new/review", {
        submitKey: hiddenValue(review.body, "submitKey") ?? "",
        reviewedFinal: hiddenValue(review.body, "reviewedFinal") ?? "",
      });
      if (answer.status === 302 && answer.location.startsWith("/reservations/list")) {
        submitted = true;
        counts.submitted.add(guestName);
      } else await wait(1000);
    }
    const list = await step(user, counts, () => user.call("GET", "/reservations/list"), 200);
    const requestId = /reservation-details\/(\d+)/.exec(list.body)?.[1];
    if (!requestId) continue;
    await step(
      user,
      counts,
      () => user.call("GET", `/reservations/reservation-details/${requestId}`),
      200,
    );
    for (let poll = 0; poll < 3 && Date.now() < end; poll += 1)
      await step(
        user,
        counts,
        () => user.call("GET", `/reservations/reservation-details/${requestId}/notes`),
        200,
      );
  }
}

/** Drafts as Redis holds them, by key. */
async function draftsOf(cluster: Cluster, userNames: string[]) {
  const client = cluster.redis.client();
  const values = await Promise.all(
    userNames.map((userName) => client.get(`record:draft:${userName}:new`)),
  );
  return new Map(userNames.map((userName, index) => [userName, values[index]]));
}

function windowStats(outcomes: Outcome[]) {
  const times = outcomes.map((outcome) => outcome.ms);
  return times.length ? `${percentile(times, 50)} / ${percentile(times, 99)} ms` : "—";
}

async function runScenario(key: string) {
  const scenario = SCENARIO_ACTS[key];
  if (!scenario) throw new Error(`No scenario "${key}": kill, redis, primary or pause`);
  rmSync(`.data/bench/cluster-${key}`, { recursive: true, force: true });
  const sandbox = await startSandbox();
  const userNames = await registerAgencies(sandbox.url, USERS, PASSWORD, `busy-${key}`);
  const parkedNames = await registerAgencies(sandbox.url, PARKED, PASSWORD, `parked-${key}`);
  const room = await bookableRoom(sandbox.url);
  const cluster = await startCluster({
    sandboxUrl: sandbox.url,
    dir: `.data/bench/cluster-${key}`,
    sessionSecret: BENCH_SESSION_SECRET,
  });
  try {
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "*", latencyMs: LATENCY_MS }),
    });
    const counts = tally();
    // The parked users, ready before the clock starts: a draft with a hotel and a room, then
    // nothing.
    const parked = parkedNames.map((name, index) => agencyUser(1000 + index, name, cluster.url, 0));
    await Promise.all(
      parked.map(async (user, index) => {
        await signIn(user);
        await startRequest(user, counts, room, visitName(1000 + index, 0));
      }),
    );
    const parkedBefore = await draftsOf(cluster, parkedNames);
    const notParked = parkedNames.filter((name) => !parkedBefore.get(name));
    if (notParked.length) throw new Error(`No draft in Redis for ${notParked.join(", ")}`);

    const started = Date.now();
    const end = started + SECONDS * 1000;
    // The busy users arrive over the first 10 s.
    const users = userNames.map((name, index) => agencyUser(index, name, cluster.url, started));
    const working = users.map(async (user, index) => {
      await wait((index * 10_000) / USERS);
      await signIn(user);
      await visitAgain(user, index, counts, room, end);
    });
    const event = (async () => {
      await wait(started + EVENT_AT * 1000 - Date.now());
      const at = (Date.now() - started) / 1000;
      await scenario.act(cluster);
      return { at, putRightAt: (Date.now() - started) / 1000 };
    })();
    const [{ at, putRightAt }] = await Promise.all([event, ...working]);

    const parkedAfter = await draftsOf(cluster, parkedNames);
    const parkedLost = parkedNames.filter(
      (name) => !parkedBefore.get(name) || parkedBefore.get(name) !== parkedAfter.get(name),
    ).length;
    const state = (await (await fetch(`${sandbox.url}/__sandbox/state`)).json()) as {
      requests: Array<{ rooms: Array<{ passengers: Array<{ lastName: string }> }> }>;
    };
    const perVisit = new Map<string, number>();
    for (const request of state.requests) {
      const name = request.rooms[0]?.passengers[0]?.lastName ?? "";
      if (name.startsWith("Guest")) perVisit.set(name, (perVisit.get(name) ?? 0) + 1);
    }
    const duplicates = [...perVisit.values()].filter((count) => count > 1).length;

    const outcomes = users.flatMap((user) => user.outcomes);
    const failed = outcomes.filter((outcome) => outcome.page);
    // The longest run of failed pages one user met before a page worked again.
    let worstRun = 0;
    for (const user of users) {
      let run = 0;
      for (const outcome of user.outcomes) {
        run = outcome.page ? run + 1 : 0;
        worstRun = Math.max(worstRun, run);
      }
    }
    // Before: answered before the failure began (a request under way then counts as during).
    const before = outcomes.filter(
      (outcome) => outcome.at >= 10 && outcome.at + outcome.ms / 1000 < at,
    );
    const beforeP99 = percentile(
      before.map((outcome) => outcome.ms),
      99,
    );
    const abnormal = (outcome: Outcome) =>
      Boolean(outcome.page) || outcome.ms > Math.max(3 * beforeP99, 500);
    const lastAbnormal = Math.max(
      at,
      ...outcomes
        .filter((outcome) => outcome.at + outcome.ms / 1000 >= at && abnormal(outcome))
        .map((o) => o.at + o.ms / 1000),
    );
    // During: from the failure until it was put right, or later if answers were not yet normal.
    const duringEnd = Math.max(lastAbnormal, putRightAt);
    const during = outcomes.filter(
      (outcome) => outcome.at + outcome.ms / 1000 >= at && outcome.at < duringEnd,
    );
    const after = outcomes.filter((outcome) => outcome.at >= duringEnd);
    // The failed pages by kind, with when the first and the last of each kind was sent.
    const kinds = new Map<string, { count: number; first: number; last: number }>();
    for (const outcome of failed) {
      const kind = `${outcome.status || `no answer (${outcome.error})`} ${outcome.method} ${outcome.path} (${outcome.page} page)`;
      const seen = kinds.get(kind) ?? { count: 0, first: outcome.at, last: outcome.at };
      kinds.set(kind, {
        count: seen.count + 1,
        first: Math.min(seen.first, outcome.at),
        last: Math.max(seen.last, outcome.at),
      });
    }

    console.log(
      `\n${key}: ${scenario.name}, at ${at.toFixed(1)} s, put right at ${putRightAt.toFixed(1)} s`,
    );
    console.log(
      [
        `requests: ${outcomes.length} (${(outcomes.length / SECONDS).toFixed(0)}/s), requests submitted: ${counts.submitted.size}`,
        `5xx or no answer: ${failed.length}; HAProxy's own error page: ${failed.filter((o) => o.page === "proxy, HAProxy's own").length} (goal 0)`,
        `most failed pages in a row for one user: ${worstRun} (goal ≤ 1 for an instance loss)`,
        `users signed out: ${counts.signedOut} (goal 0)`,
        `drafts lost: ${parkedLost} of ${PARKED} parked drafts, ${counts.draftsLostInUse} in use (goal 0)`,
        `duplicate requests at the provider: ${duplicates} (goal 0)`,
        `p50 / p99: before ${windowStats(before)}, during ${windowStats(during)}, after ${windowStats(after)}`,
        `back to normal (every answer, none slower than ${Math.max(3 * beforeP99, 500)} ms) ${(lastAbnormal - at).toFixed(1)} s after the failure began`,
      ].join("\n"),
    );
    for (const [kind, { count, first, last }] of kinds)
      console.log(`  ${count} × ${kind}, sent ${first.toFixed(1)}–${last.toFixed(1)} s`);
    // What kept the run from normal: the slow answers from the failure on, the latest last.
    const slow = outcomes
      .filter((outcome) => outcome.at + outcome.ms / 1000 >= at && abnormal(outcome))
      .sort((a, b) => a.at + a.ms / 1000 - (b.at + b.ms / 1000))
      .slice(-5);
    for (const outcome of slow)
      console.log(
        `  slow: ${outcome.method} ${outcome.path} sent at ${outcome.at.toFixed(1)} s, ${outcome.ms} ms, ${outcome.status}`,
      );
    return {
      key,
      failed: failed.length,
      proxyOwn: failed.filter((o) => o.page === "proxy, HAProxy's own").length,
      worstRun,
      signedOut: counts.signedOut,
      draftsLost: parkedLost + counts.draftsLostInUse,
      duplicates,
    };
  } finally {
    await cluster.stop();
    sandbox.stop();
  }
}

const results = [];
for (const key of SCENARIOS) results.push(await runScenario(key));
const missed = results.filter(
  (result) =>
    result.draftsLost > 0 ||
    result.duplicates > 0 ||
    result.proxyOwn > 0 ||
    (result.key === "primary" && result.failed > 0) ||
    (result.key !== "redis" && (result.signedOut > 0 || result.worstRun > 1)),
);
if (missed.length > 0) {
  console.log(`\nmissed a goal: ${missed.map((result) => result.key).join(", ")}`);
  process.exitCode = 1;
}
process.exit();
