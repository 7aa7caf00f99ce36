import { createCookie, createFileSessionStorage } from "@remix-run/node";
import { Redis } from "ioredis";
import { cookieSecrets, env } from "~/utils/env.server";
import { createRedisSessionStorage } from "~/utils/redis-session.server";
import { onShutdown } from "~/utils/shutdown.server";

/** What the portal keeps for a signed-in user. The provider token never leaves the server. */
export type SessionData = {
  token: string;
  userName: string;
  /** When the session was last used (ms since the epoch): idle sessions end (SESSION_IDLE_MINUTES). */
  lastSeenAt: number;
};

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 12;

export const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  path: "/",
  secrets: cookieSecrets,
  maxAge: SESSION_MAX_AGE_SECONDS,
});

function createRedisClient(url: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  // An open socket would keep the process alive after its server closed (stack notes, trap 3).
  // Closed at shutdown after the last request was answered, since those still write sessions.
  onShutdown(() => redis.quit().catch(() => redis.disconnect()));
  return redis;
}

/** The Redis client of the session store, when sessions live in Redis (drafts live beside them). */
export const redis = env.REDIS_URL ? createRedisClient(env.REDIS_URL) : null;

export const sessionStorage = redis
  ? createRedisSessionStorage<SessionData>({
      cookie: sessionCookie,
      redis,
      fallbackTtlSeconds: SESSION_MAX_AGE_SECONDS,
    })
  : createFileSessionStorage<SessionData>({ cookie: sessionCookie, dir: env.SESSION_DIR });

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}
