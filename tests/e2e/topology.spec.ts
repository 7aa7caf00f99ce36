import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse, parseAllDocuments, stringify } from "yaml";
import { forwardLocalPort } from "../containers/forward";
import { podman, PODMAN_COMPOSE, run, waitUntil } from "../containers/podman";
import { REDIS_IMAGE } from "../containers/stand-ins";
import { addressOf, clerkAt, fromContainers, test } from "./container-fixtures";
import { expect } from "./fixtures";
import { SESSION_SECRET } from "./servers";

/**
 * The production topology as containers (issue 38, decision 027): deploy/compose.yaml under
 * podman-compose and the Deployment of deploy/kubernetes/ under `podman kube play`. Their containers
 * sit on podman's bridge networks, and each one started or stopped adds or removes a network
 * interface of the machine: Chromium then aborts every request under way with
 * ERR_NETWORK_CHANGED, and another worker's page loses a module and is never hydrated (seen: 2 of
 * 58 pages beside these tests). So the "topology" project runs after every browser project, on the
 * image the "containers" project built (playwright.config.ts).
 */

test.describe.configure({ mode: "default" });

test("deploy/compose.yaml: HAProxy, three replicas and Redis under Sentinel; a replica killed mid-journey, then the Redis primary, no page fails and nobody is signed out", async ({
  portalImage,
  reachableSandbox: sandbox,
  browser,
}, testInfo) => {
  // Nine containers that podman-compose starts, and stops, one after another (five took 18 s on a
  // quiet machine, 30 s beside a CPU hog while the image's neighbours run browser tests), and a
  // failover of about 5 s.
  test.setTimeout(240_000);
  await sandbox.reset();
  const project = "agency-portal-e2e";
  const env = {
    PORTAL_IMAGE: portalImage.image,
    SESSION_SECRET,
    REDIS_PASSWORD: "compose-redis-password-of-the-test",
    PROVIDER_API_URL: fromContainers(sandbox),
  };
  // The file as it is, but that HAProxy's port is not published (the test reaches it on the
  // project's network: forward.ts says why) and its two files are named by their full paths.
  // Its merge keys (`<<: *redis`) are YAML 1.1's, as podman-compose reads them.
  const file = parse(readFileSync("deploy/compose.yaml", "utf8"), { merge: true });
  delete file.services.haproxy.ports;
  file.services.haproxy.volumes = file.services.haproxy.volumes.map((volume: string) =>
    volume.replace(/^\.\//, `${resolve("deploy")}/`),
  );
  const composeFile = testInfo.outputPath("compose.yaml");
  // Written for YAML 1.1, as podman-compose (PyYAML) reads it: "yes" and "no" stay strings.
  writeFileSync(composeFile, stringify(file, { version: "1.1" }));
  const compose = (args: string[]) =>
    run(PODMAN_COMPOSE, ["-p", project, "-f", composeFile, ...args], env);
  await compose(["down", "-v"]).catch(() => {});
  await compose(["up", "-d"]);
  const proxy = await forwardLocalPort(await addressOf(`${project}_haproxy_1`), 8080);
  try {
    const url = proxy.url;
    // Up once HAProxy answers through a replica that reaches Redis (it may start after them).
    await waitUntil(
      async () => {
        const answer = await fetch(`${url}/healthcheck`);
        if (answer.status !== 200) return false;
        const health = await answer.json();
        return health.sessionStore === "ok";
      },
      "HAProxy, a replica and Redis with its replica",
      60_000,
    );

    // Redis and the Sentinels ask for the password.
    const redis = `${project}_redis-1_1`;
    expect(
      await podman(["exec", `${project}_sentinel-1_1`, "redis-cli", "-p", "26379", "ping"]),
    ).toContain("NOAUTH");
    expect(await podman(["exec", redis, "redis-cli", "ping"])).toContain("NOAUTH");
    expect(
      await podman([
        "exec",
        "-e",
        `REDISCLI_AUTH=${env.REDIS_PASSWORD}`,
        redis,
        "redis-cli",
        "ping",
      ]),
    ).toBe("PONG");

    // The clerk's requests go from the test process, not from Chromium: a container killed
    // changes the machine's network interfaces, and Chromium aborts whatever it has under way
    // then (ERR_NETWORK_CHANGED), which no user of the deployment would meet.
    const portal = await clerkAt(browser, url);
    await portal.signInDirectly();
    const get = (path: string) => portal.page.request.get(path, { maxRedirects: 0 });
    const list = await get("/reservations/list");
    expect(list.status()).toBe(200);
    expect(await list.text()).toContain("Requests");

    await podman(["kill", `${project}_portal-2_1`]);
    // Every page of the journey, whichever replica it was sent to: HAProxy sends a request that
    // met the dead one to another, and the session is in Redis (a signed-out clerk would be sent
    // to sign in: a redirect, not a 200).
    const everyPage = async (when: string) => {
      for (const path of [
        "/dashboard",
        "/reservations/list",
        "/orders",
        "/payments",
        "/dashboard",
      ]) {
        const answer = await get(path);
        expect(answer.status(), `${path}, ${when}`).toBe(200);
        expect(await answer.text(), `${path}, ${when}`).not.toContain('name="username"');
      }
    };
    await everyPage("a replica killed");

    // The Redis primary killed: the first page waits for the Sentinels to promote the replica,
    // which holds the session (every write waited for it).
    await podman(["kill", redis]);
    await everyPage("the Redis primary killed");
    const sentinelSays = await podman([
      ...["exec", "-e", `REDISCLI_AUTH=${env.REDIS_PASSWORD}`, `${project}_sentinel-2_1`],
      ...["redis-cli", "-p", "26379", "sentinel", "get-master-addr-by-name", "portal"],
    ]);
    expect(sentinelSays).toContain("redis-2");
    await portal.page.context().close();
  } finally {
    await proxy.close();
    await compose(["down", "-v"]);
  }
});

test("deploy/kubernetes: the Deployment under podman kube play starts its three pods, each answering as its probes ask", async ({
  portalImage,
  reachableSandbox: sandbox,
}, testInfo) => {
  const deployment = parseAllDocuments(
    readFileSync("deploy/kubernetes/deployment.yaml", "utf8"),
  )[0].toJS();
  const [container] = deployment.spec.template.spec.containers;
  // What podman on one machine does otherwise than a cluster: it would publish each pod's port on
  // the machine (three pods on one port; and a published port upsets the machine's other loopback
  // connections, forward.ts), so the port is left to each pod's own address, where the test asks,
  // and the probes name it by its number. The image is this run's. Everything else is the
  // manifest as a platform team receives it.
  const { containerPort } = container.ports[0];
  delete container.ports;
  for (const probe of ["readinessProbe", "livenessProbe", "startupProbe"])
    container[probe].httpGet.port = containerPort;
  container.image = portalImage.image;
  const manifest = testInfo.outputPath("deployment.yaml");
  writeFileSync(manifest, JSON.stringify(deployment));

  const redis = "agency-portal-e2e-redis";
  await podman(["rm", "--force", "--ignore", redis]);
  await podman(["run", "-d", "--name", redis, REDIS_IMAGE]);
  const configMap = testInfo.outputPath("configmap.yaml");
  writeFileSync(
    configMap,
    JSON.stringify({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "agency-portal" },
      data: {
        PROVIDER_API_URL: fromContainers(sandbox),
        REDIS_URL: `redis://${await addressOf(redis)}:6379`,
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
    const pods = (await podman(["pod", "ps", "--format", "{{.Name}}"]))
      .split("\n")
      .filter((name) => name.startsWith(`${deployment.metadata.name}-pod-`));
    expect(pods).toHaveLength(deployment.spec.replicas);
    for (const pod of pods) {
      const url = `http://${await addressOf(`${pod}-portal`)}:${containerPort}`;
      await waitUntil(async () => (await fetch(`${url}/healthcheck`)).status === 200, pod, 30_000);
      const health = await (await fetch(`${url}/healthcheck`)).json();
      // No store in these manifests yet: the shared offers' pages say so, nothing else changes.
      expect(health).toEqual({ status: "ok", provider: "ok", sessionStore: "ok", store: "none" });
      expect(await podman(["exec", `${pod}-portal`, "id", "-u"])).toBe("1000");
      await expect(
        podman(["exec", `${pod}-portal`, "touch", "/home/node/written"]),
      ).rejects.toThrow(/Read-only/);
    }
  } finally {
    await podman(["kube", "down", manifest]).catch(() => {});
    await podman(["secret", "rm", "agency-portal"]).catch(() => {});
    await podman(["rm", "--force", "--ignore", redis]);
  }
});
