import { storeReachable } from "~/utils/db/db.server";
import { REQUEST_ID_HEADER } from "~/utils/runtime/request-log.server";
import { providerUrl } from "~/utils/provider/request.server";
import {
  connectedReplicas,
  redis,
  replicasToWaitFor,
  storeKind,
} from "~/utils/session/redis.server";

// Well inside the checks' own limits (HAProxy's 3 s, Kubernetes' readiness 2 s): a provider or
// Redis that hangs is reported in the answer, never a check that times out and takes every
// instance out at once (decision 022).
const PROVIDER_PROBE_TIMEOUT_MS = 1000;
const SESSION_STORE_PROBE_TIMEOUT_MS = 1000;

/**
 * Whether the provider answers: any answer below 500, even 401 or 404 (docs/provider-api.md). Like
 * every call, it carries the id of the request that made it.
 */
async function providerReachable(requestId: string | undefined) {
  try {
    const response = await fetch(providerUrl("/"), {
      method: "HEAD",
      headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : undefined,
      signal: AbortSignal.timeout(PROVIDER_PROBE_TIMEOUT_MS),
    });
    return response.status < 500;
  } catch {
    return false;
  }
}

/**
 * Whether Redis answers a PING, when sessions live there (the file store is always at hand), and
 * its state: `ok`; `unreplicated` (the primary answers, with fewer replicas than a write waits
 * for: writes stand on it alone); `reconnecting` (no answer while the client looks for a primary:
 * a failover or a restart, pages wait); `unreachable`.
 */
async function sessionStoreState() {
  if (!redis) return { reachable: true, state: "ok" } as const;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), SESSION_STORE_PROBE_TIMEOUT_MS);
  });
  try {
    const answered = await Promise.race([redis.ping().then(() => true), timeout]);
    if (answered) {
      const replicas = await Promise.race([connectedReplicas(redis), timeout]);
      if (replicas === false) return { reachable: true, state: "unreplicated" } as const;
      const state = replicas < replicasToWaitFor ? "unreplicated" : "ok";
      return { reachable: true, state, replicas } as const;
    }
  } catch {
    // Not answered: below.
  } finally {
    clearTimeout(timer);
  }
  const looking = redis.status === "connecting" || redis.status === "reconnecting";
  return { reachable: false, state: looking ? "reconnecting" : "unreachable" } as const;
}

/**
 * The state of what the instance depends on: whether the provider and the session store answer,
 * with the store's kind, state and replicas, and how long each probe took. The public health check
 * (`routes/healthcheck.tsx`) tells only `ok` or `unavailable` of each; this detail is served on the
 * metrics port (server/index.ts), for operators. The health check is public (load balancers and
 * orchestrators ask without credentials), so a flood of it must not become a flood at the provider
 * or Redis: requests within PROBE_REUSE_MS of a probe share its answer.
 */
const PROBE_REUSE_MS = 1000;
let lastProbe: { startedAt: number; answer: ReturnType<typeof probe> } | null = null;

export function healthDetail(requestId: string | undefined) {
  const now = Date.now();
  if (!lastProbe || now - lastProbe.startedAt >= PROBE_REUSE_MS)
    lastProbe = { startedAt: now, answer: probe(requestId) };
  return lastProbe.answer;
}

async function probe(requestId: string | undefined) {
  const started = Date.now();
  const [provider, sessionStore, store] = await Promise.all([
    providerReachable(requestId).then((reachable) => ({ reachable, ms: Date.now() - started })),
    sessionStoreState().then((state) => ({
      kind: storeKind,
      ...state,
      ms: Date.now() - started,
    })),
    storeReachable().then((reachable) => ({ reachable, ms: Date.now() - started })),
  ]);
  return { provider, sessionStore, store };
}
