import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Browser } from "@playwright/test";
import { parseAllDocuments } from "yaml";
import { DEMO_USER } from "#tests/mocks/seed";
import { buildPortalImage, type BuiltImage } from "../containers/portal-image";
import { podman, PODMAN_COMPOSE, run, waitUntil } from "../containers/podman";
import { runPortalContainer } from "../containers/portal-container";
import { REDIS_IMAGE } from "../containers/stand-ins";
import { expect, Portal, Sandbox, test as base } from "./fixtures";
import { PNG, submitReceipt } from "./journeys";
import { freePort, SESSION_SECRET, startSandbox } from "./servers";

/**
 * The portal as operators run it (issue 38, decision 027): the Dockerfile built from the working
 * tree with podman, run with a read-only root on Node 22, the production topology of
 * deploy/compose.yaml, and the Deployment of deploy/kubernetes/ under `podman kube play`. One
 * worker runs these tests one after another (the "containers" project, playwright.config.ts), on
 * one image it builds first, against a sandbox the containers reach on podman's networks.
 */

type ContainerFixtures = { portalImage: BuiltImage; reachableSandbox: Sandbox };

const test = base.extend<object, ContainerFixtures>({
  portalImage: [
    async ({}, use) => {
      const built = await buildPortalImage();
      console.log(
        `containers: stand-ins ${built.standInSeconds.toFixed(0)} s (made: ${built.standInsMade.join(", ") || "none"}), ` +
          `image built in ${built.buildSeconds.toFixed(0)} s, ${(built.size / 1e6).toFixed(0)} MB, ` +
          `${(built.addedToBase / 1e6).toFixed(1)} MB over its Node base`,
      );
      await use(built);
    },
    // Cold, on a machine that has never built it: the stand-ins (about 50 s) and the image (about
    // 70 s, npm ci from the registry); warm, a few seconds to 40 s.
    { scope: "worker", timeout: 900_000 },
  ],
  reachableSandbox: [
    async ({}, use, workerInfo) => {
      const dir = resolve(`.data/e2e/worker-${workerInfo.parallelIndex}`);
      const sandbox = await startSandbox(join(dir, "sandbox-for-containers.json"), "0.0.0.0");
      await use(new Sandbox(sandbox.url));
      await sandbox.kill();
    },
    { scope: "worker" },
  ],
});

// One worker, in order: they share the image and its sandbox.
test.describe.configure({ mode: "default" });

/** The sandbox's address as a container on one of podman's networks reaches it. */
const fromContainers = (sandbox: Sandbox) =>
  sandbox.url.replace("127.0.0.1", "host.containers.internal");

async function clerkAt(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url, locale: "en-GB" });
  return new Portal(await context.newPage(), true);
}

test("the image runs on Node 22 as uid 1000 on a read-only root: a clerk signs in, sends a receipt with its file and signs out", async ({
  portalImage,
  reachableSandbox: sandbox,
  browser,
}) => {
  // What the image adds to its Node base: the build and the traced files of its packages.
  expect(portalImage.addedToBase, "bytes over the Node base").toBeLessThan(40e6);
  await sandbox.reset();
  const container = await runPortalContainer({
    image: portalImage.image,
    name: "agency-portal-e2e-journey",
    env: { SESSION_SECRET, PROVIDER_API_URL: sandbox.url },
  });
  try {
    expect(await container.inside(["node", "-p", "process.version"])).toMatch(/^v22\./);
    expect(await container.inside(["id", "-u"])).toBe("1000");
    // The root is read-only: nothing of the image can be changed from inside.
    await expect(container.inside(["touch", "/home/node/written"])).rejects.toThrow(/Read-only/);

    const portal = await clerkAt(browser, container.url);
    await portal.signIn();
    await expect(portal.page).toHaveURL(/\/dashboard$/);
    await portal.hydrated();
    // A receipt: its file is written to /tmp (in memory) by uid 1000, then sent to the provider.
    await submitReceipt(portal, 3002, "RC-CONTAINER-1");
    const payment = (await sandbox.state()).payments.find(
      (entry) => entry.receiptNumber === "RC-CONTAINER-1",
    )!;
    expect((await sandbox.receiptFile(payment.fileName!, DEMO_USER)).equals(PNG)).toBe(true);
    await portal.page.getByRole("button", { name: "Log Out" }).click();
    await expect(portal.page).toHaveURL(/\/auth\/login$/);
    await portal.page.context().close();
  } finally {
    await container.remove();
  }
  expect(container.output()).not.toMatch(/^Node\.js v|unhandled/im);
});

test("SIGTERM while a page is under way: the page is answered, then the container exits 0", async ({
  portalImage,
  reachableSandbox: sandbox,
  browser,
}) => {
  await sandbox.reset();
  const container = await runPortalContainer({
    image: portalImage.image,
    name: "agency-portal-e2e-sigterm",
    env: { SESSION_SECRET, PROVIDER_API_URL: sandbox.url },
  });
  try {
    const portal = await clerkAt(browser, container.url);
    await portal.signInDirectly();
    // The provider takes 2 s over the requests list: the page is under way when the stop comes.
    await sandbox.fault({ path: "/api/AccommodationReserveRequestClient", latencyMs: 2000 });
    const page = portal.page.request.get("/reservations/list");
    await waitUntil(
      async () =>
        (await sandbox.calls()).some((call) =>
          call.path.startsWith("/api/AccommodationReserveRequestClient"),
        ),
      "the list's call at the provider",
      10_000,
    );
    const stopped = container.stop();
    expect((await page).status()).toBe(200);
    await stopped;
    expect(await container.exited).toBe(0);
    await portal.page.context().close();
  } finally {
    await container.remove();
  }
});

test("deploy/compose.yaml: HAProxy, three replicas and Redis; a replica killed mid-journey, no page fails", async ({
  portalImage,
  reachableSandbox: sandbox,
  browser,
}) => {
  // Five containers that podman-compose starts, and stops, one after another: 18 s on a quiet
  // machine, 30 s beside a CPU hog while the image's neighbours run browser tests.
  test.setTimeout(120_000);
  await sandbox.reset();
  const project = "agency-portal-e2e";
  const proxyPort = await freePort();
  const env = {
    PORTAL_IMAGE: portalImage.image,
    SESSION_SECRET,
    PROVIDER_API_URL: fromContainers(sandbox),
    PROXY_PORT: String(proxyPort),
  };
  const compose = (args: string[]) =>
    run(PODMAN_COMPOSE, ["-p", project, "-f", "deploy/compose.yaml", ...args], env);
  await compose(["down", "-v"]).catch(() => {});
  await compose(["up", "-d"]);
  try {
    const url = `http://localhost:${proxyPort}`;
    await waitUntil(
      async () => (await fetch(`${url}/healthcheck`)).status === 200,
      "HAProxy before three replicas",
      30_000,
    );
    const health = await (await fetch(`${url}/healthcheck`)).json();
    expect(health.sessionStore).toMatchObject({ kind: "redis", reachable: true });

    const portal = await clerkAt(browser, url);
    await portal.signIn();
    await portal.visit("/reservations/list");
    await expect(portal.page.getByRole("heading", { name: "Requests", level: 1 })).toBeVisible();

    await podman(["kill", `${project}_portal-2_1`]);
    // Every page of the journey, whichever replica it was sent to: HAProxy sends a request that
    // met the dead one to another, and the session is in Redis.
    for (const path of ["/dashboard", "/reservations/list", "/orders", "/payments", "/dashboard"]) {
      const answer = await portal.page.goto(path);
      expect(answer?.status(), path).toBe(200);
      await expect(portal.page.locator('input[name="username"]')).toHaveCount(0);
    }
    await portal.page.context().close();
  } finally {
    await compose(["down", "-v"]);
  }
});

test("deploy/kubernetes: the Deployment under podman kube play starts a pod that answers, as its probes ask", async ({
  portalImage,
  reachableSandbox: sandbox,
}, testInfo) => {
  const deployment = parseAllDocuments(
    readFileSync("deploy/kubernetes/deployment.yaml", "utf8"),
  )[0].toJS();
  const [container] = deployment.spec.template.spec.containers;
  // What podman on one machine cannot do as a cluster does: each pod its own address (podman
  // publishes a pod's port on the machine, so one replica on a free port), and the image is this
  // run's. Everything else is the manifest as a platform team receives it.
  const port = await freePort();
  deployment.spec.replicas = 1;
  container.image = portalImage.image;
  container.ports = [{ name: "http", containerPort: port }];
  container.env.push({ name: "PORT", value: String(port) });
  const manifest = testInfo.outputPath("deployment.yaml");
  writeFileSync(manifest, JSON.stringify(deployment));

  const redis = "agency-portal-e2e-redis";
  await podman(["rm", "--force", "--ignore", redis]);
  await podman(["run", "-d", "--name", redis, REDIS_IMAGE]);
  const redisAddress = await podman([
    "inspect",
    "--format",
    "{{.NetworkSettings.IPAddress}}",
    redis,
  ]);
  const configMap = testInfo.outputPath("configmap.yaml");
  writeFileSync(
    configMap,
    JSON.stringify({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "agency-portal" },
      data: {
        PROVIDER_API_URL: fromContainers(sandbox),
        REDIS_URL: `redis://${redisAddress}:6379`,
      },
    }),
  );
  // podman 4.3 reads a secretKeyRef from a podman secret holding the Secret's data, base64.
  const secret = testInfo.outputPath("secret.json");
  writeFileSync(
    secret,
    JSON.stringify({ SESSION_SECRET: Buffer.from(SESSION_SECRET).toString("base64") }),
  );
  await podman(["secret", "rm", "agency-portal"]).catch(() => {});
  await podman(["secret", "create", "agency-portal", secret]);
  try {
    await podman(["kube", "play", "--configmap", configMap, manifest]);
    const url = `http://127.0.0.1:${port}`;
    await waitUntil(
      async () => (await fetch(`${url}/healthcheck`)).status === 200,
      "the pod",
      30_000,
    );
    const health = await (await fetch(`${url}/healthcheck`)).json();
    expect(health).toMatchObject({
      provider: { reachable: true },
      sessionStore: { kind: "redis", reachable: true },
    });
    const pod = await podman([
      "ps",
      "--filter",
      "label=app.kubernetes.io/name=agency-portal",
      "--format",
      "{{.Names}}",
    ]);
    const name = pod.split("\n").find((line) => !line.includes("infra"))!;
    expect(await podman(["exec", name, "id", "-u"])).toBe("1000");
    await expect(podman(["exec", name, "touch", "/home/node/written"])).rejects.toThrow(
      /Read-only/,
    );
  } finally {
    await podman(["kube", "down", manifest]).catch(() => {});
    await podman(["secret", "rm", "agency-portal"]).catch(() => {});
    await podman(["rm", "--force", "--ignore", redis]);
  }
});
