import { Redis } from "ioredis";
import { env } from "~/utils/env.server";
import { onShutdown } from "~/utils/shutdown.server";

function createRedisClient(url: string) {
  const client = new Redis(url, { maxRetriesPerRequest: 2 });
  // An open socket would keep the process alive after its server closed (stack notes, trap 3).
  // Closed at shutdown after the last request was answered, since those still write sessions.
  onShutdown(() => client.quit().catch(() => client.disconnect()));
  return client;
}

/** The Redis client of the record store (sessions, drafts, claims), when REDIS_URL is set. */
export const redis = env.REDIS_URL ? createRedisClient(env.REDIS_URL) : null;
