import { createCookie } from "@remix-run/node";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { redisServerInstalled, startRedisServer } from "#tests/redis-server";
import { createRedisSessionStorage } from "./redis-session.server";

// A real redis-server. Without one, this is skipped on a developer machine and fails in CI, where
// it must run.
if (!redisServerInstalled && process.env.CI)
  throw new Error(
    "redis-server is not installed: `npm test` installs it (or apt-get install redis-server)",
  );

describe.skipIf(!redisServerInstalled)("Redis session storage", () => {
  let redisServer: Awaited<ReturnType<typeof startRedisServer>>;
  let redis: Redis;

  beforeAll(async () => {
    redisServer = await startRedisServer();
    redis = redisServer.client;
  });

  afterAll(async () => {
    await redisServer?.stop();
  });

  test("keeps data server-side, reads it back by cookie, expires it and destroys it", async () => {
    const cookie = createCookie("__session", { secrets: ["test"], maxAge: 60 });
    const storage = createRedisSessionStorage({ cookie, redis });

    const session = await storage.getSession();
    session.set("token", "provider-token");
    const setCookie = await storage.commitSession(session);
    expect(setCookie).not.toContain("provider-token");

    const cookieHeader = setCookie.split(";")[0];
    const again = await storage.getSession(cookieHeader);
    expect(again.get("token")).toBe("provider-token");

    const keys = await redis.keys("session:*");
    expect(keys).toHaveLength(1);
    const ttl = await redis.ttl(keys[0]);
    expect(ttl).toBeGreaterThan(50);
    expect(ttl).toBeLessThanOrEqual(60);

    await storage.destroySession(again);
    expect(await redis.keys("session:*")).toHaveLength(0);
    expect((await storage.getSession(cookieHeader)).get("token")).toBeUndefined();
  });
});
