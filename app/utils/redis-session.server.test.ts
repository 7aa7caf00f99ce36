import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { createCookie } from "@remix-run/node";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRedisSessionStorage } from "./redis-session.server";

// A real redis-server on a free loopback port (`.ci/run` installs it). Without one, this is skipped
// on a developer machine and fails in CI, where it must run.
const redisAvailable = spawnSync("redis-server", ["--version"]).status === 0;
if (!redisAvailable && process.env.CI)
  throw new Error("redis-server is not installed: run .ci/run or apt-get install redis-server");

function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

describe.skipIf(!redisAvailable)("Redis session storage", () => {
  let redisServer: ChildProcess;
  let redis: Redis;

  beforeAll(async () => {
    const port = await freePort();
    redisServer = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    // redis-server takes a moment to listen; the client retries until it does.
    redis = new Redis({
      port,
      host: "127.0.0.1",
      retryStrategy: (times) => (times > 50 ? null : 100),
    });
    redis.on("error", () => {});
    await redis.ping();
  });

  afterAll(async () => {
    await redis?.quit();
    redisServer?.kill();
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
