import { spawn } from "node:child_process";
import { networkInterfaces } from "node:os";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort, waitUntil, type Cluster } from "../../deploy/cluster";
import { DEMO_USER, OTHER_AGENCY_USER } from "#sandbox/seed";
import { SIGNED_IN_PAGES } from "#tests/pages";
import {
  test as base,
  browserAt,
  clusterOfTheWorker,
  expect,
  securityTokenIn,
  startPortalInstance,
  statusLineOf,
} from "./fixtures";
import { chooseHotel } from "./journeys";

/**
 * What an operator scrapes (decision 030): each instance's Prometheus endpoint on METRICS_PORT,
 * never on the public port, with every series an answer, a provider call, a refusal and a sign-in
 * make; and a real Prometheus scraping the deployment behind HAProxy.
 */

const test = base.extend<object, { cluster: Cluster }>({
  cluster: clusterOfTheWorker("metrics-cluster"),
});

// One worker, one cluster: its tests run in turn (the js-on project leaves this spec out).
test.describe.configure({ mode: "default" });

type Sample = { labels: Record<string, string>; value: number };

/** The samples of one series in Prometheus's text format. */
function samplesOf(text: string, name: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const labelText = /\{(.*)\}/.exec(line)?.[1] ?? "";
      const labels = Object.fromEntries(
        [...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
      );
      return { labels, value: Number(line.slice(line.lastIndexOf(" ") + 1)) };
    });
}

/** The sum of a series' samples whose labels include `labels`. */
function total(text: string, name: string, labels: Record<string, string>) {
  return samplesOf(text, name)
    .filter((sample) =>
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

test("an instance's metrics port shows each answer, provider call, refusal and sign-in, and the public port does not", async ({
  page,
  sandbox,
  browser,
}) => {
  const instance = await startPortalInstance({
    // Each outcome in seconds: a provider given 1 s, a body idle for half of one, a user name
    // that has two unknown-device guesses.
    PROVIDER_TIMEOUT_MS: "1000",
    BODY_IDLE_TIMEOUT_MS: "500",
    SIGNIN_USER_MAX_FAILURES: "2",
  });
  // A wrong password, then the right one: on this instance, through its sign-in form.
  await page.goto(`${instance.url}/auth/login`);
  await page.getByLabel("Username").fill(DEMO_USER.userName);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await page.getByLabel("Username").fill(DEMO_USER.userName);
  await page.getByLabel("Password").fill(DEMO_USER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/dashboard$/);

  // A provider fault on one of the dashboard's calls; a details page as a document and as data.
  await sandbox.fault({
    path: "/api/DashboardClient",
    model: "DashboardRequestStatistics",
    status: 500,
  });
  expect(
    (
      await page.request.get(`${instance.url}/dashboard`, { headers: { traceparent: TRACEPARENT } })
    ).status(),
  ).toBe(200);
  await sandbox.clearFaults();
  expect(
    (await page.request.get(`${instance.url}/reservations/reservation-details/7001`)).status(),
  ).toBe(200);
  expect(
    (await page.request.get(`${instance.url}/reservations/reservation-details/7001.data`)).status(),
  ).toBeLessThan(300);
  // A wizard step sent: its draft written.
  await page.goto(`${instance.url}/reservations/new/hotel`);
  await chooseHotel(page, { transfer: false });
  // Refused by the HTTP layer: a body too large, a post from another site.
  const tooLarge = await fetch(`${instance.url}/notes`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "x=".padEnd(100_000, "x"),
  });
  expect(tooLarge.status).toBe(413);
  const crossOrigin = await fetch(`${instance.url}/auth/login`, {
    method: "POST",
    headers: {
      Origin: "https://elsewhere.example",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "username=a&password=b",
  });
  expect(crossOrigin.status).toBe(403);
  // A body that stops after one byte.
  expect(
    await statusLineOf(
      instance.url,
      "POST /auth/login HTTP/1.1\r\nHost: localhost\r\n" +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nu",
    ),
  ).toMatch(/^HTTP\/1\.1 408 /);
  // A password guessed at: two wrong, the third refused before the provider is asked.
  const guesser = await browserAt(browser, instance.url, "203.0.113.7");
  const guess = { userName: OTHER_AGENCY_USER.userName, password: "not-the-password" };
  expect([await guesser.signIn(guess), await guesser.signIn(guess)]).toEqual([400, 400]);
  expect(await guesser.signIn(guess)).toBe(429);
  await guesser.close();
  // A wrong current password at a password change: refused, and counted as a failed sign-in of
  // the user name (its second here: the user name locked).
  const csrf = securityTokenIn(
    await (await page.request.get(`${instance.url}/changePassword`)).text(),
  );
  const wrongPassword = await page.request.post(`${instance.url}/changePassword`, {
    form: {
      csrf,
      currentPassword: "not-the-password",
      newPassword: "Another-password-1",
      confirmPassword: "Another-password-1",
    },
    maxRedirects: 0,
  });
  expect(wrongPassword.status()).toBe(400);
  // A limit spent: the sixth change of the agency's e-mail within its hour.
  const changes = [];
  for (let attempt = 0; attempt < 6; attempt++)
    changes.push(
      (
        await page.request.post(`${instance.url}/account/verify-email`, {
          form: { csrf, email: `office${attempt}@parsian-travel.example` },
          maxRedirects: 0,
        })
      ).status(),
    );
  expect(changes.at(-1)).toBe(429);
  // Not on the public port, signed in or not.
  const publicAnswer = await page.request.get(`${instance.url}/metrics`);
  expect(publicAnswer.status()).toBe(404);
  expect(await publicAnswer.text()).not.toContain("http_server_request_duration_seconds");

  // A provider that does not answer in time, is not there, answers what cannot be read, and
  // refuses the token (the session ends: last).
  for (const fault of [
    { latencyMs: 2_000 },
    { drop: true },
    { malformed: true },
    { status: 401 },
  ]) {
    await sandbox.fault({
      path: "/api/DashboardClient",
      model: "DashboardRequestStatistics",
      ...fault,
    });
    await page.request.get(`${instance.url}/dashboard`, {
      headers: { traceparent: "not-a-trace-context" },
      maxRedirects: 0,
    });
    await sandbox.clearFaults();
  }

  const answer = await fetch(instance.metricsUrl);
  expect(answer.headers.get("Content-Type")).toContain("text/plain");
  const metrics = await answer.text();
  const http = "http_server_request_duration_seconds_count";
  expect(
    total(metrics, http, {
      method: "GET",
      route: "routes/_main.dashboard",
      status: "200",
      kind: "document",
    }),
  ).toBeGreaterThanOrEqual(1);
  const details = "routes/_main.reservations.reservation-details.$requestId";
  expect(total(metrics, http, { route: details, kind: "document" })).toBe(1);
  expect(total(metrics, http, { route: details, kind: "data" })).toBe(1);
  // Without a session, a refusal counts under route "-": the three wrong passwords (400), the
  // throttled guess (429). A signed-in session's keeps its route.
  expect(total(metrics, http, { method: "POST", route: "-", status: "400" })).toBe(3);
  expect(total(metrics, http, { route: "-", status: "429" })).toBe(1);
  expect(total(metrics, http, { route: "routes/_main.changePassword", status: "400" })).toBe(1);
  expect(total(metrics, http, { route: "routes/_main.account.verify-email", status: "429" })).toBe(
    1,
  );
  // Labels are bounded: route ids, never a path with an id or a query.
  for (const { labels } of samplesOf(metrics, http))
    expect(labels.route).toMatch(/^(root|routes\/.+|static|unmatched|-)$/);
  // No request's id, user name or address in a name or label (a sample's value may hold digits
  // by chance).
  const namesAndLabels = metrics
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.slice(0, line.lastIndexOf(" ")))
    .join("\n");
  for (const personal of [
    "7001",
    DEMO_USER.userName,
    OTHER_AGENCY_USER.userName,
    "127.0.0.1",
    "203.0.113.7",
  ])
    expect(namesAndLabels).not.toContain(personal);

  const provider = "provider_request_duration_seconds_count";
  expect(
    total(metrics, provider, { operation: "dashboard.DashboardRequestStatistics", outcome: "5xx" }),
  ).toBe(1);
  expect(
    total(metrics, provider, { operation: "client.getProfileSummary", outcome: "ok" }),
  ).toBeGreaterThanOrEqual(1);
  for (const outcome of ["timeout", "unreachable", "malformed", "401"])
    expect(
      total(metrics, provider, { operation: "dashboard.DashboardRequestStatistics", outcome }),
      outcome,
    ).toBe(1);
  // The wrong passwords, the password change's among them: the provider's 400 (invalid_grant);
  // the throttled one never asked it.
  expect(total(metrics, provider, { operation: "token.requestToken", outcome: "4xx" })).toBe(4);
  expect(total(metrics, provider, { operation: "token.requestToken", outcome: "ok" })).toBe(1);

  expect(total(metrics, "http_server_refusals_total", { reason: "body_too_large" })).toBe(1);
  expect(total(metrics, "http_server_refusals_total", { reason: "cross_origin" })).toBe(1);
  expect(total(metrics, "http_server_refusals_total", { reason: "body_timeout" })).toBe(1);
  expect(total(metrics, "portal_rate_limited_total", { limit: "emailChangesPerUser" })).toBe(1);
  expect(total(metrics, "portal_password_changes_total", { outcome: "wrong_password" })).toBe(1);
  expect(total(metrics, "portal_sign_ins_total", { outcome: "failed" })).toBe(3);
  expect(total(metrics, "portal_sign_ins_total", { outcome: "throttled" })).toBe(1);
  // The two guesses from one address locked the user name, as a clerk's typos would; the clerk's
  // typo and her wrong current password locked hers.
  expect(total(metrics, "portal_sign_in_locks_total", { scope: "user_name" })).toBe(2);
  expect(total(metrics, "portal_sign_in_locks_total", { scope: "user_name_attacked" })).toBe(0);
  expect(total(metrics, "portal_sign_ins_total", { outcome: "succeeded" })).toBe(1);
  expect(total(metrics, "portal_session_store_up", { kind: "file" })).toBe(1);
  expect(total(metrics, "portal_draft_writes_total", { outcome: "ok" })).toBeGreaterThanOrEqual(1);
  expect(total(metrics, "portal_receipts_in_flight", {})).toBe(0);
  expect(samplesOf(metrics, "portal_build_info")).toEqual([
    { labels: { version: expect.stringMatching(/^\d+\.\d+\.\d+/) }, value: 1 },
  ]);
  for (const series of [
    "http_server_requests_in_flight",
    "portal_session_store_errors_total",
    "process_resident_memory_bytes",
    "nodejs_eventloop_lag_p99_seconds",
    "nodejs_gc_duration_seconds",
  ])
    expect(metrics, series).toContain(`# TYPE ${series} `);

  // Traffic without a session, every signed-in page in every way, adds a handful of series at
  // most, all under route "-": a second half of the pages adds none.
  const seriesNow = async () =>
    new Set(
      samplesOf(await (await fetch(instance.metricsUrl)).text(), http).map(({ labels }) =>
        JSON.stringify(labels),
      ),
    );
  const anonymously = async (paths: string[]) => {
    for (const path of paths)
      for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE"])
        for (const suffix of ["", ".data"])
          await fetch(`${instance.url}${path.replace(/(\?|$)/, `${suffix}$1`)}`, {
            method,
            redirect: "manual",
          });
  };
  const pages = Object.values(SIGNED_IN_PAGES).flat();
  const before = await seriesNow();
  await anonymously(pages.filter((_, index) => index % 2 === 0));
  const afterHalf = await seriesNow();
  const added = [...afterHalf].filter((series) => !before.has(series));
  for (const series of added) expect(JSON.parse(series).route, series).toBe("-");
  expect(added.length, "methods × kinds × statuses, whatever the routes").toBeLessThanOrEqual(24);
  await anonymously(pages.filter((_, index) => index % 2 === 1));
  expect([...(await seriesNow())].filter((series) => !afterHalf.has(series))).toEqual([]);

  // The trace the dashboard's request arrived in went on with its provider calls, and is logged.
  const traced = (await sandbox.calls()).filter((call) => call.traceparent === TRACEPARENT);
  expect(traced.map((call) => call.path)).toContain("/api/DashboardClient");
  expect(instance.output()).toContain('"traceId":"4bf92f3577b34da6a3ce929d0e0e4736"');
  // A trace context that is not one is dropped: neither passed on nor logged.
  expect((await sandbox.calls()).map((call) => call.traceparent)).not.toContain(
    "not-a-trace-context",
  );
  expect(instance.output()).not.toContain("not-a-trace-context");
});

test("the metrics port listens on loopback only: another interface reaches the public port, not it", async () => {
  const other = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address;
  test.skip(!other, "this machine has no interface but loopback");
  const instance = await startPortalInstance();
  const { port: metricsPort } = new URL(instance.metricsUrl);
  const { port } = new URL(instance.url);
  expect((await fetch(`http://${other}:${port}/healthcheck`)).status).toBe(200);
  const elsewhere = await fetch(`http://${other}:${metricsPort}/metrics`).catch(
    (error: Error & { cause?: { code?: string } }) => error.cause?.code,
  );
  expect(elsewhere).toBe("ECONNREFUSED");
  expect((await fetch(instance.metricsUrl)).status).toBe(200);
});

/** Debian's Prometheus, scraping `targets` every second; stopped when the test ends. */
async function startPrometheus(dir: string, targets: { portal: string[]; haproxy: string }) {
  const port = await freePort();
  const config = join(dir, "prometheus.yml");
  writeFileSync(
    config,
    JSON.stringify({
      global: { scrape_interval: "1s", evaluation_interval: "1s" },
      rule_files: [resolve("deploy/prometheus/rules.yml")],
      scrape_configs: [
        { job_name: "portal", static_configs: [{ targets: targets.portal }] },
        { job_name: "haproxy", static_configs: [{ targets: [targets.haproxy] }] },
      ],
    }),
  );
  const child = spawn(
    process.env.PROMETHEUS_PATH || "prometheus",
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, "prometheus-data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => (await fetch(`${url}/-/ready`).catch(() => null))?.ok === true,
    "Prometheus",
  );
  return {
    async query(expression: string) {
      const answer = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await answer.json()) as {
        data: { result: Array<{ value: [number, string] }> };
      };
      return body.data.result.map((sample) => Number(sample.value[1]));
    },
    async rules() {
      const body = (await (await fetch(`${url}/api/v1/rules`)).json()) as {
        data: { groups: Array<{ rules: Array<{ name: string }> }> };
      };
      return body.data.groups.flatMap((group) => group.rules.map((rule) => rule.name));
    },
    stop: () => child.kill("SIGTERM"),
  };
}

test("a real Prometheus scrapes all three instances and HAProxy, and sees a provider fault", async ({
  cluster,
  page,
  sandbox,
}) => {
  const hostOf = (url: string) => new URL(url).host;
  const prometheus = await startPrometheus(cluster.dir, {
    portal: cluster.instances.map((instance) => hostOf(instance.metricsUrl)),
    haproxy: hostOf(cluster.proxyMetricsUrl),
  });
  try {
    expect(await prometheus.rules()).toContain("ProviderFailing");
    // Six sign-in pages through the proxy: two for each instance, in turn.
    for (let visit = 0; visit < 6; visit += 1)
      expect((await page.request.get(`${cluster.url}/auth/login`)).status()).toBe(200);
    await sandbox.fault({ path: "/api/accommodationPropertyClient", status: 503 });
    await page.goto(`${cluster.url}/auth/login`);
    await page.getByLabel("Username").fill(DEMO_USER.userName);
    await page.getByLabel("Password").fill(DEMO_USER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${cluster.url}/reservations/new/hotel`);
    await sandbox.clearFaults();

    await expect
      .poll(() =>
        prometheus.query(
          'count(count by (instance) (http_server_request_duration_seconds_count{route="routes/auth.login",method="GET"}))',
        ),
      )
      .toEqual([3]);
    await expect
      .poll(() =>
        prometheus.query(
          'sum(provider_request_duration_seconds_count{operation="hotels.getPackageHotels",outcome="5xx"})',
        ),
      )
      .toEqual([1]);
    await expect
      .poll(() => prometheus.query('sum(haproxy_backend_active_servers{proxy="portals"})'))
      .toEqual([3]);
    expect(await prometheus.query('sum(up{job="portal"})')).toEqual([3]);
  } finally {
    prometheus.stop();
  }
});
