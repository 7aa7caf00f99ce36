import { Redis } from "ioredis";
import { env } from "~/utils/runtime/env.server";
import { onShutdown } from "~/utils/runtime/shutdown.server";

function createRedisClient(url: string) {
  const client = new Redis(url, { maxRetriesPerRequest: 2 });
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
  // An open socket would keep the process alive after its server closed (stack notes, trap 3).
  // Closed at shutdown after the last request was answered, since those still write sessions.
  onShutdown(() => client.quit().catch(() => client.disconnect()));
  return client;
}

/** The Redis client of the record store (sessions, drafts, claims), when REDIS_URL is set. */
export const redis = env.REDIS_URL ? createRedisClient(env.REDIS_URL) : null;
