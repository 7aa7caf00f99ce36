import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCookie } from "@remix-run/node";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { redisServerInstalled, startRedisServer } from "#tests/redis-server";
import {
  createFileRecordStore,
  createRedisRecordStore,
  sweepExpiredRecords,
  type RecordStore,
} from "~/utils/wizard/draft-store.server";
import { env } from "~/utils/runtime/env.server";
import { createRecordSessionStorage, sessionStorage } from "./session.server";

// A real redis-server. Without one, the Redis part is skipped on a developer machine and fails in
// CI, where it must run.
if (!redisServerInstalled && process.env.CI)
  throw new Error(
    "redis-server is not installed: `npm test` installs it (or apt-get install redis-server)",
  );

/** Signs in, reads back, writes after a sign-out (nothing), and destroys: on any record store. */
async function roundTrip(store: RecordStore) {
  const storage = createRecordSessionStorage({
    cookie: createCookie("__session", { secrets: ["test"], maxAge: 3600 }),
    store,
    maxAgeSeconds: 3600,
  });
  const session = await storage.getSession();
  session.set("token", "provider-token-123");
  session.set("startedAt", Date.now());
  const cookie = (await storage.commitSession(session)).split(";")[0];
  expect(cookie).not.toContain("provider-token-123");
  const again = await storage.getSession(cookie);
  expect(again.get("token")).toBe("provider-token-123");
  await storage.destroySession(await storage.getSession(cookie));
  // A request that read the session before the sign-out writes its use after it: nothing.
  again.set("lastSeenAt", Date.now());
  await storage.commitSession(again);
  expect((await storage.getSession(cookie)).get("token")).toBeUndefined();
}

describe("sessions in the file record store (the default)", () => {
  test("the cookie carries only a signed id; the token stays in a file only the portal may read", async () => {
    const session = await sessionStorage.getSession();
    session.set("token", "provider-token-123");
    session.set("userName", "demo");
    session.set("startedAt", Date.now());
    const setCookie = await sessionStorage.commitSession(session);
    // Named `session` here; `__Host-session` in production (who-may-do-what.spec.ts).
    expect(setCookie).toMatch(/^session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain("provider-token-123");

    const stored = readdirSync(env.SESSION_DIR, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile(),
    );
    const file = stored.find((entry) =>
      readFileSync(join(entry.parentPath, entry.name), "utf8").includes("provider-token-123"),
    )!;
    expect(statSync(join(file.parentPath, file.name)).mode & 0o777).toBe(0o600);
    expect(statSync(file.parentPath).mode & 0o777).toBe(0o700);
  });

  test("written only while present, and swept once expired", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sessions-"));
    try {
      const store = createFileRecordStore(dir);
      await roundTrip(store);
      await store.set("session:abandoned", { token: "t" }, -1);
      await store.set("session:alive", { token: "t" }, 60);
      expect(await sweepExpiredRecords(dir)).toBe(1);
      expect(await store.get("session:alive")).toEqual({ token: "t" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!redisServerInstalled)("sessions in Redis", () => {
  let redisServer: Awaited<ReturnType<typeof startRedisServer>>;

  beforeAll(async () => {
    redisServer = await startRedisServer();
  });

  afterAll(async () => {
    await redisServer?.stop();
  });

  test("kept server-side, written only while present, expiring with the session's end", async () => {
    const store = createRedisRecordStore(redisServer.client);
    await roundTrip(store);
    expect(await redisServer.client.keys("record:session:*")).toHaveLength(0);
    await store.set("session:x", { startedAt: Date.now() }, 60);
    const ttl = await redisServer.client.ttl("record:session:x");
    expect(ttl).toBeGreaterThan(50);
    expect(ttl).toBeLessThanOrEqual(60);
    expect(await store.increment("counter", 60)).toBe(1);
    expect(await store.increment("counter", 60)).toBe(2);
  });

  test("a use the client gave up unsent is made again once the client is back, not a 503", async () => {
    // Under Sentinel, ioredis ends a connection attempt that its failover detector interrupts
    // and rejects every queued use with "Connection is closed."; the portal connects it again.
    const client = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    client.on("error", () => {});
    try {
      const store = createRedisRecordStore(client);
      await store.set("given-up", { kept: true }, 60);
      client.disconnect();
      const back = new Promise((resolve) => setTimeout(resolve, 300)).then(() => client.connect());
      expect(await store.get("given-up")).toEqual({ kept: true });
      await back;
    } finally {
      client.disconnect();
    }
  });
});
