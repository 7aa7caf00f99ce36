import { redisServerInstalled, startRedisServer } from "#tests/redis-server";
import { DEMO_USER } from "#sandbox/seed";
import { expect, startPortalInstance, test } from "./fixtures";
import { SESSION_SECRET } from "./servers";

/**
 * What running the portal needs beyond its pages: the health check a load balancer asks, a request
 * id in every answer, log line and provider call, and a shutdown that loses no request.
 */

type LogLine = Record<string, unknown>;

/** The structured lines of a process's output (its start-up line is not JSON). */
function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

test.describe("operations", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "server behaviour: one run is enough");

  test("the health check tells a load balancer whether the provider answers, and not its version nor the store's detail, which the metrics port tells", async ({
    page,
    sandbox,
    servers,
  }) => {
    const health = async () =>
      (await page.request.get("/healthcheck")).json() as Promise<Record<string, unknown>>;
    const answer = await page.request.get("/healthcheck");
    // ok or unavailable of each, nothing more: no version, kind, state, replicas or timings.
    expect(await answer.json()).toEqual({
      status: "ok",
      provider: "ok",
      sessionStore: "ok",
      store: "ok",
    });
    const detail = await fetch(servers.portalMetricsUrl.replace(/\/metrics$/, "/healthcheck"));
    expect(await detail.json()).toMatchObject({
      status: "ok",
      provider: { reachable: true, ms: expect.any(Number) },
      sessionStore: { kind: "files", reachable: true, state: "ok" },
      store: { reachable: true, ms: expect.any(Number) },
    });
    // Its HEAD / names the health check's request, as every call to the provider does. (A check
    // within a second of another's probe shares it: checks are sent until one made its own.)
    const checks = [answer.headers()["x-request-id"]];
    await expect
      .poll(async () => {
        const probes = (await sandbox.calls()).filter((call) => call.method === "HEAD");
        if (probes.some((call) => checks.includes(call.requestId ?? ""))) return true;
        checks.push((await page.request.get("/healthcheck")).headers()["x-request-id"]);
        return false;
      })
      .toBe(true);
    // Checks within a second share one probe: each answer comes from a probe made at most then.
    await sandbox.fault({ path: "/", method: "HEAD", status: 503 });
    await expect.poll(health).toMatchObject({ status: "ok", provider: "unavailable" });
    // A provider may answer HEAD / with anything below 500 and still be up.
    await sandbox.clearFaults();
    await sandbox.fault({ path: "/", method: "HEAD", status: 404 });
    await expect.poll(health).toMatchObject({ provider: "ok" });
  });

  test("a flood of health checks is not a flood at the provider", async ({ page, sandbox }) => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => page.request.get("/healthcheck")),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(answers.map((answer) => answer.status())).toEqual(Array(50).fill(200));
    // The probes these checks made (each names the request that started it; the worker's other
    // portals, HAProxy's instances among them, probe the same sandbox on their own): one a second
    // at most, however many checks came in it.
    const ids = new Set(answers.map((answer) => answer.headers()["x-request-id"]));
    const probes = (await sandbox.calls()).filter(
      (call) => call.method === "HEAD" && ids.has(call.requestId ?? ""),
    );
    // (None when a probe of the second before answered them all.) The provider was asked:
    expect(await answers[0].json()).toMatchObject({ provider: "ok" });
    expect(probes.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });

  test("every request has an id: in the answer, in one log line, at the provider; no secret is logged", async ({
    portal,
    page,
    sandbox,
  }) => {
    const instance = await startPortalInstance();
    try {
      await portal.attemptSignIn(
        { userName: DEMO_USER.userName, password: "Wrong-Password-99" },
        `${instance.url}/auth/login`,
      );
      await expect(page.getByRole("alert")).toBeVisible();
      await portal.signIn(DEMO_USER, `${instance.url}/auth/login`);
      const response = await page.goto(`${instance.url}/dashboard`);
      const requestId = response!.headers()["x-request-id"];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      // The dashboard's parallel calls all name the page's request.
      const calls = (await sandbox.calls()).filter((call) => call.requestId === requestId);
      expect(calls.length).toBeGreaterThan(2);

      await expect
        .poll(() => logLines(instance.output()).find((line) => line.requestId === requestId))
        .toMatchObject({ msg: "request", method: "GET", path: "/dashboard", status: 200 });
      const line = logLines(instance.output()).find((entry) => entry.requestId === requestId)!;
      expect(line.ms).toEqual(expect.any(Number));
      // What it waited for the provider: each call the provider saw, and a time within the page's.
      expect(line.providerCalls).toBe(calls.length);
      expect(line.providerMs).toBeGreaterThan(0);
      expect(line.providerMs).toBeLessThanOrEqual(Number(line.ms));
      expect(Date.parse(String(line.time))).not.toBeNaN();
      // Exactly one line for it.
      expect(
        logLines(instance.output()).filter((entry) => entry.requestId === requestId),
      ).toHaveLength(1);

      // An id the load balancer already gave is kept; one that could forge a log line is replaced.
      const kept = await page.request.get(`${instance.url}/healthcheck`, {
        headers: { "X-Request-Id": "lb-0123456789abcdef" },
      });
      expect(kept.headers()["x-request-id"]).toBe("lb-0123456789abcdef");
      const forged = await page.request.get(`${instance.url}/healthcheck`, {
        headers: { "X-Request-Id": 'x","level":"error' },
      });
      expect(forged.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

      // Our line names the path alone: a search's query can hold a guest's name.
      const search = await page.goto(`${instance.url}/reservations/list?guest=Sara+Ahmadi`);
      const searchId = search!.headers()["x-request-id"];
      await expect
        .poll(() => logLines(instance.output()).find((entry) => entry.requestId === searchId))
        .toMatchObject({ path: "/reservations/list" });

      // Neither a token, nor a password (right or wrong), nor the session secret is ever written.
      const output = instance.output();
      const { tokens } = await sandbox.state();
      expect(tokens.length).toBeGreaterThan(0);
      for (const { token } of tokens) expect(output).not.toContain(token);
      for (const secret of [SESSION_SECRET, DEMO_USER.password, "Wrong-Password-99"])
        expect(output).not.toContain(secret);
    } finally {
      await instance.kill();
    }
  });

  test("SIGTERM lets the request under way finish, then closes Redis and exits cleanly", async ({
    portal,
    page,
    sandbox,
  }) => {
    test.skip(!redisServerInstalled && !process.env.CI, "redis-server is not installed");
    const redis = await startRedisServer();
    const instance = await startPortalInstance({ REDIS_URL: redis.url });
    try {
      await portal.signIn(DEMO_USER, `${instance.url}/auth/login`);
      const cookie = (await page.context().cookies(instance.url))
        .map(({ name, value }) => `${name}=${value}`)
        .join("; ");
      await sandbox.fault({ path: "/api/*", latencyMs: 1500 });
      const answer = fetch(`${instance.url}/dashboard`, {
        headers: { Cookie: cookie, "X-Request-Id": "under-way-at-shutdown" },
      });
      await expect
        .poll(async () =>
          (await sandbox.calls()).some((call) => call.requestId === "under-way-at-shutdown"),
        )
        .toBe(true);

      const exitCode = instance.stop();
      const response = await answer;
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("<h1");
      expect(await exitCode).toBe(0);
      // The portal's Redis connection is gone: only this test's own client is left.
      const clients = String(await redis.client.client("LIST"))
        .trim()
        .split("\n");
      expect(clients).toHaveLength(1);
      const lines = logLines(instance.output());
      expect(lines.find((line) => line.requestId === "under-way-at-shutdown")).toMatchObject({
        status: 200,
      });
      expect(lines.at(-1)).toMatchObject({ msg: "shut down", signal: "SIGTERM" });
    } finally {
      await instance.kill();
      await redis.stop();
    }
  });
});
