import { Redis, type RedisOptions } from "ioredis";
import { env } from "~/utils/runtime/env.server";
import { onShutdown } from "~/utils/runtime/shutdown.server";

/**
 * The portal's one Redis client (the record store: sessions, drafts, claims, counters), when
 * REDIS_URL or REDIS_SENTINELS is set. Under Sentinel (decision 037) the client asks the Sentinels
 * for the primary, follows a failover by itself (it listens for the Sentinels' switch), and sends
 * a write again that met a primary turned replica. While no primary answers, a use waits in the
 * client's queue (retried at each reconnection) until REDIS_DEADLINE_MS: a failover's seconds
 * cost a page some time, not a failure.
 */
function optionsOf(): RedisOptions {
  const waiting: RedisOptions = {
    // A use waits through reconnections until its deadline, not a count of them.
    maxRetriesPerRequest: null,
    commandTimeout: env.REDIS_DEADLINE_MS,
    // A write that reaches a primary demoted meanwhile reconnects (to the new one) and is sent again.
    reconnectOnError: (error) => (error.message.startsWith("READONLY") ? 2 : false),
  };
  if (!env.REDIS_SENTINELS) return waiting;
  return {
    ...waiting,
    sentinels: env.REDIS_SENTINELS.split(",").map((sentinel) => {
      const at = sentinel.lastIndexOf(":");
      return { host: sentinel.slice(0, at), port: Number(sentinel.slice(at + 1)) };
    }),
    name: env.REDIS_SENTINEL_NAME,
    password: env.REDIS_PASSWORD,
    sentinelPassword: env.REDIS_SENTINEL_PASSWORD,
    failoverDetector: true,
  };
}

function createRedisClient() {
  const client = env.REDIS_SENTINELS
    ? new Redis(optionsOf())
    : new Redis(env.REDIS_URL!, optionsOf());
  // ioredis reconnects on its own; without a listener it prints every failed attempt's stack as an
  // "Unhandled error event". One line when Redis goes, one when it is back (each request that
  // needed it says so itself: store-unavailable.server.ts).
  let down = false;
  client.on("error", (error: Error) => {
    if (down) return;
    down = true;
    console.warn(`Redis is not answering (${error.message}); reconnecting.`);
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    console.warn("Redis answers again.");
  });
  // ioredis gives a connection up for good when its failover detector hears `+switch-master`
  // while it is connecting (it rejects the queued uses with "Connection is closed.", which then
  // wait for it: store-unavailable.server.ts): the store must come back by itself, so an ended
  // client connects again, unless the portal is shutting down.
  let shuttingDown = false;
  client.on("end", () => {
    if (shuttingDown) return;
    setTimeout(() => {
      if (!shuttingDown && client.status === "end") client.connect().catch(() => {});
    }, 1000).unref();
  });
  // An open socket would keep the process alive after its server closed (stack notes, trap 3).
  // Closed at shutdown after the last request was answered, since those still write sessions.
  onShutdown(() => {
    shuttingDown = true;
    return client.quit().catch(() => client.disconnect());
  });
  return client;
}

/** The Redis client of the record store (sessions, drafts, claims), when Redis is configured. */
export const redis = env.REDIS_URL || env.REDIS_SENTINELS ? createRedisClient() : null;

/** How the store is reached: files, one Redis, or a Redis under Sentinel. */
export const storeKind = env.REDIS_SENTINELS ? "redis-sentinel" : redis ? "redis" : "files";

/** How many replicas must hold a write before it is acknowledged (WAIT); 0: none asked. */
export const replicasToWaitFor = env.REDIS_REPLICAS_TO_WAIT_FOR ?? (env.REDIS_SENTINELS ? 1 : 0);

const REPLICAS_KNOWN_FOR_MS = 1000;
let replicasSeen: { at: number; count: Promise<number> } | null = null;

/**
 * The replicas that hold the primary's writes now (INFO replication: those `online`, not one still
 * in its first sync, which acknowledges nothing), asked at most once a second: a write waits for
 * replicas only while there are some, so a primary left alone after a failover answers at its
 * usual speed (each such write is counted instead).
 */
export function connectedReplicas(client: Redis) {
  const now = Date.now();
  if (!replicasSeen || now - replicasSeen.at >= REPLICAS_KNOWN_FOR_MS) {
    replicasSeen = {
      at: now,
      count: client.info("replication").then(
        (info) => info.match(/^slave\d+:.*\bstate=online\b/gm)?.length ?? 0,
        () => 0,
      ),
    };
  }
  return replicasSeen.count;
}
