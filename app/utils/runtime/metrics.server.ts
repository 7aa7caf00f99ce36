import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import client from "prom-client";
import { env } from "~/utils/runtime/env.server";
import { redis, storeKind } from "~/utils/session/redis.server";

/**
 * What an operator scrapes (decision 030): Prometheus series from `prom-client`, in a registry of
 * the portal's own, served on METRICS_PORT by `server/index.ts` and never on the public port.
 * Labels are bounded: a route's id (its file's name), never a path with ids or a query; a provider
 * call's operation as its client module names it; outcomes, kinds and status codes from short
 * lists.
 */

const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

// Which version an instance runs: for the operator, on this port (the public health check does not
// say, so an attacker cannot match a version to its flaws).
new client.Gauge({
  name: "portal_build_info",
  help: "Always 1; the instance's version as a label.",
  labelNames: ["version"] as const,
  registers: [registry],
}).set({ version: env.APP_VERSION }, 1);

// Seconds, from a cached asset (a millisecond) to a page waiting out a slow provider.
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const httpDuration = new client.Histogram({
  name: "http_server_request_duration_seconds",
  help: "Time from a request's arrival until its answer was sent or the client went away.",
  labelNames: ["method", "route", "status", "kind"] as const,
  buckets: HTTP_BUCKETS,
  registers: [registry],
});

const requestsInFlight = new client.Gauge({
  name: "http_server_requests_in_flight",
  help: "Requests being answered now.",
  registers: [registry],
});

const REFUSALS = ["body_too_large", "body_timeout", "cross_origin"] as const;
export type Refusal = (typeof REFUSALS)[number];

const refusals = new client.Counter({
  name: "http_server_refusals_total",
  help: "Requests the HTTP layer refused before a route ran, by reason.",
  labelNames: ["reason"] as const,
  registers: [registry],
});

const rateLimited = new client.Counter({
  name: "portal_rate_limited_total",
  help: "Actions refused with 429 because a limit was spent, by limit.",
  labelNames: ["limit"] as const,
  registers: [registry],
});

const SIGN_IN_OUTCOMES = ["succeeded", "failed", "throttled", "error"] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

const signIns = new client.Counter({
  name: "portal_sign_ins_total",
  help: "Sign-in attempts by outcome: succeeded, failed (wrong credentials), throttled, error.",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const SIGN_IN_LOCKS = ["user_name", "user_name_attacked", "browser", "known_device"] as const;

const signInLocks = new client.Counter({
  name: "portal_sign_in_locks_total",
  help: "Locks begun on sign-ins from unknown browsers: user_name, user_name_attacked (failures from 3+ addresses, or the 3rd lock of a day), browser, known_device (a known browser counted as unknown: its failures, or its own and its user's, spent its places).",
  labelNames: ["scope"] as const,
  registers: [registry],
});

const PASSWORD_CHANGE_OUTCOMES = ["changed", "wrong_password", "session_ended", "error"] as const;

const passwordChanges = new client.Counter({
  name: "portal_password_changes_total",
  help: "Password changes by outcome: changed, wrong_password (the current one refused), session_ended (the session that kept guessing signed out), error.",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const SIGN_IN_SLOWDOWNS = ["client", "network", "all"] as const;

const signInsSlowed = new client.Counter({
  name: "portal_sign_ins_slowed_total",
  help: "Sign-ins from unknown browsers made to wait by a spent budget of failures: client, network, all.",
  labelNames: ["budget"] as const,
  registers: [registry],
});

const PROVIDER_OUTCOMES = [
  "ok",
  "4xx",
  "401",
  "5xx",
  "timeout",
  "unreachable",
  "malformed",
  "cancelled",
] as const;
export type ProviderOutcome = (typeof PROVIDER_OUTCOMES)[number];

const REGISTRATION_OUTCOMES = ["sent", "failed", "limited"] as const;

const registrations = new client.Counter({
  name: "portal_registrations_total",
  help: "Agency applications by outcome: sent to the provider, failed (refused or not answered), limited (429).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const STORE_KINDS = ["file", "redis", "redis-sentinel"] as const;
const DRAFT_OUTCOMES = ["ok", "error"] as const;

const providerDuration = new client.Histogram({
  name: "provider_request_duration_seconds",
  help: "Time of a call to the provider (or the geo service), by operation and outcome.",
  labelNames: ["operation", "outcome"] as const,
  buckets: HTTP_BUCKETS,
  registers: [registry],
});

const storeErrors = new client.Counter({
  name: "portal_session_store_errors_total",
  help: "Uses of the session and record store that failed (Redis not answering).",
  registers: [registry],
});

new client.Gauge({
  name: "portal_session_store_up",
  help: "Whether the session and record store answers: 1 or 0, by kind (file or redis).",
  labelNames: ["kind"] as const,
  registers: [registry],
  collect() {
    this.reset();
    const kind: (typeof STORE_KINDS)[number] = storeKind === "files" ? "file" : storeKind;
    this.set({ kind }, redis ? Number(redis.status === "ready") : 1);
  },
});

const unreplicatedWrites = new client.Counter({
  name: "portal_session_store_unreplicated_writes_total",
  help: "Writes to Redis acknowledged with no replica holding them (none there, or none in REDIS_REPLICA_WAIT_MS).",
  registers: [registry],
});

const draftWrites = new client.Counter({
  name: "portal_draft_writes_total",
  help: "Wizard drafts saved, by outcome (ok or error).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const receiptsInFlight = new client.Gauge({
  name: "portal_receipts_in_flight",
  help: "Receipt uploads being received or sent on to the provider now.",
  registers: [registry],
});

type HttpKind = "document" | "data" | "static";

type RouteNode = { id: string; path?: string; index?: boolean; children?: RouteNode[] };

/**
 * The route of a request as a bounded label: the id of the deepest route its path matches (for
 * `.data` requests, of the page they carry data for), "static" for the build's files, "unmatched"
 * for the rest. Built once per server build.
 */
function routeLabeller(routes: ServerBuild["routes"]) {
  const byParent = new Map<string | undefined, RouteNode[]>();
  for (const route of Object.values(routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index });
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteNode[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index ? route : { ...route, children: tree(route.id) },
    );
  const root = tree(undefined);
  return (pathname: string): { route: string; kind: HttpKind } => {
    if (pathname.startsWith("/assets/")) return { route: "static", kind: "static" };
    const data = pathname.endsWith(".data");
    const pagePath = data ? pathname.slice(0, -".data".length).replace(/\/_root$/, "/") : pathname;
    const matches = matchRoutes(root as Parameters<typeof matchRoutes>[0], pagePath);
    return { route: matches?.at(-1)?.route.id ?? "unmatched", kind: data ? "data" : "document" };
  };
}

const DATABASE_OUTCOMES = ["ok", "error"] as const;

const databaseDuration = new client.Histogram({
  name: "portal_database_query_duration_seconds",
  help: "Time of each query to the portal's own store, by query name and outcome.",
  labelNames: ["query", "outcome"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});

const POOL_STATES = ["total", "idle", "waiting"] as const;

/** Read from the pool at each scrape: connections open, idle, and queries waiting for one. */
function databasePool(read: () => Record<(typeof POOL_STATES)[number], number>) {
  new client.Gauge({
    name: "portal_database_pool_connections",
    help: "The store's connection pool: total (open), idle, waiting (queries waiting for one).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const now = read();
      for (const state of POOL_STATES) this.set({ state }, now[state]);
    },
  });
}

/**
 * One answered request, as the server's log line also records it. Its route is named for a
 * signed-in session's request, and for any answer that is a page served (2xx but a `.data`
 * redirect's 202) or a failure (5xx):
 * anyone else's redirects and refusals (a signed-in page asked for without a session, a post
 * refused) count under route "-", so traffic without a session adds a handful of series at most,
 * whatever routes, methods and bodies it tries.
 */
function observeHttp(
  labels: { method: string; route: string; status: number; kind: HttpKind; signedIn: boolean },
  seconds: number,
) {
  const { signedIn, status, ...rest } = labels;
  const method = ["GET", "HEAD", "POST"].includes(rest.method) ? rest.method : "other";
  // A `.data` request's redirect is answered 202 (single fetch), not 3xx.
  const served = status < 300 && !(rest.kind === "data" && status === 202);
  const route = signedIn || served || status >= 500 ? rest.route : "-";
  httpDuration.observe({ ...rest, method, route, status: String(status) }, seconds);
}

/**
 * Every value a label of few values can take, by series: what an alert or a panel may match on
 * (deploy/prometheus/monitoring.test.ts holds them to it).
 */
const labelValues: Record<string, Record<string, readonly string[]>> = {
  http_server_refusals_total: { reason: REFUSALS },
  portal_sign_ins_total: { outcome: SIGN_IN_OUTCOMES },
  portal_sign_in_locks_total: { scope: SIGN_IN_LOCKS },
  portal_sign_ins_slowed_total: { budget: SIGN_IN_SLOWDOWNS },
  portal_password_changes_total: { outcome: PASSWORD_CHANGE_OUTCOMES },
  portal_registrations_total: { outcome: REGISTRATION_OUTCOMES },
  provider_request_duration_seconds: { outcome: PROVIDER_OUTCOMES },
  portal_session_store_up: { kind: STORE_KINDS },
  portal_draft_writes_total: { outcome: DRAFT_OUTCOMES },
  portal_database_query_duration_seconds: { outcome: DATABASE_OUTCOMES },
  portal_database_pool_connections: { state: POOL_STATES },
};

/** Everything the server (through `httpLayer`) and the routes record, and the registry it goes to. */
export const metrics = {
  registry,
  labelValues,
  requestsInFlight,
  receiptsInFlight,
  routeLabeller,
  observeHttp,
  refused: (reason: Refusal) => refusals.inc({ reason }),
  rateLimited: (limit: string) => rateLimited.inc({ limit }),
  signIn: (outcome: SignInOutcome) => signIns.inc({ outcome }),
  signInLocked: (scope: (typeof SIGN_IN_LOCKS)[number]) => signInLocks.inc({ scope }),
  passwordChange: (outcome: (typeof PASSWORD_CHANGE_OUTCOMES)[number]) =>
    passwordChanges.inc({ outcome }),
  signInSlowed: (budget: (typeof SIGN_IN_SLOWDOWNS)[number]) => signInsSlowed.inc({ budget }),
  registration: (outcome: (typeof REGISTRATION_OUTCOMES)[number]) => registrations.inc({ outcome }),
  storeFailed: () => storeErrors.inc(),
  storeWriteUnreplicated: () => unreplicatedWrites.inc(),
  draftWritten: (outcome: (typeof DRAFT_OUTCOMES)[number]) => draftWrites.inc({ outcome }),
  databaseQuery: (query: string, outcome: (typeof DATABASE_OUTCOMES)[number], ms: number) =>
    databaseDuration.observe({ query, outcome }, ms / 1000),
  databasePool,
  /** Starts timing one provider call; `end` records it once, with how it ended. */
  providerCall(operation: string) {
    const stop = providerDuration.startTimer({ operation });
    let ended = false;
    return {
      end(outcome: ProviderOutcome) {
        if (ended) return;
        ended = true;
        stop({ outcome });
      },
    };
  },
};
