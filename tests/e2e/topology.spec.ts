import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse, parseAllDocuments, stringify } from "yaml";
import { forwardLocalPort } from "../containers/forward";
import { podman, PODMAN_COMPOSE, run, waitUntil } from "../containers/podman";
import { POSTGRES_IMAGE, REDIS_IMAGE } from "../containers/stand-ins";
import { addressOf, clerkAt, fromContainers, test } from "./container-fixtures";
import { expect, securityTokenIn } from "./fixtures";
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

/** What a page that needs the portal's store says without it (shared-offers.spec.ts). */
const STORE_UNAVAILABLE = "Shared offers and branding are not available just now.";

test("deploy/compose.yaml: HAProxy, three replicas, Redis under Sentinel and PostgreSQL migrated once; a replica killed mid-journey, then the Redis primary, then PostgreSQL restarted: no page fails, nobody is signed out, a shared offer is kept", async ({
  portalImage,
  reachableSandbox: sandbox,
  browser,
}, testInfo) => {
  // Eleven containers that podman-compose starts, and stops, one after another (five took 18 s on a
  // quiet machine, 30 s beside a CPU hog while the image's neighbours run browser tests), a
  // PostgreSQL made and migrated, a failover of about 5 s and a PostgreSQL restart: about 70 s
  // quiet, so 300 s.
  test.setTimeout(300_000);
  await sandbox.reset();
  const project = "agency-portal-e2e";
  const env = {
    PORTAL_IMAGE: portalImage.image,
    SESSION_SECRET,
    REDIS_PASSWORD: "compose-redis-password-of-the-test",
    DATABASE_PASSWORD: "compose-database-password-of-the-test",
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
    // The one-shot migration waited for PostgreSQL, applied every migration, and ended well.
    const migration = `${project}_migrate_1`;
    expect(await podman(["wait", migration])).toBe("0");
    const migrations = readdirSync("db/migrations").map((file) => file.replace(/\.sql$/, ""));
    expect(await podman(["logs", migration])).toContain(`Applied ${migrations.join(", ")}.`);
    // Up once HAProxy answers through a replica that reaches Redis and the migrated store (it may
    // start after them).
    await waitUntil(
      async () => {
        const answer = await fetch(`${url}/healthcheck`);
        if (answer.status !== 200) return false;
        const health = await answer.json();
        return health.sessionStore === "ok" && health.store === "ok";
      },
      "HAProxy, a replica, Redis with its replica and PostgreSQL",
      60_000,
    );
    // PostgreSQL asks for the password from the network.
    const postgres = `${project}_postgres_1`;
    await expect(
      podman([
        ...["exec", "-e", "PGPASSWORD=not-the-password", postgres],
        ...["psql", "--host", "127.0.0.1", "--username", "portal", "--command", "SELECT 1"],
      ]),
    ).rejects.toThrow(/password authentication failed/);

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

    // An offer shared as a link before anything fails: the customer's link outlives what follows.
    const offerPath = "/reservations/reservation-details/7001/offer";
    const shared = await portal.page.request.post(`${offerPath}?share`, {
      form: {
        csrf: securityTokenIn(await (await get(offerPath)).text()),
        ...{ markupKind: "percent", markup: "12", language: "both" },
      },
      maxRedirects: 0,
    });
    expect(shared.status()).toBe(302);
    const link = /id="shared-link-url"[^>]*value="([^"]+)"/.exec(
      await (await get(shared.headers().location)).text(),
    )![1];
    const customerOpens = async () => (await fetch(link)).status;
    expect(await customerOpens()).toBe(200);

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
        "/agency/offers",
        "/dashboard",
      ]) {
        const answer = await get(path);
        expect(answer.status(), `${path}, ${when}`).toBe(200);
        const html = await answer.text();
        expect(html, `${path}, ${when}`).not.toContain('name="username"');
        // The offers sent come from the store, which every replica reaches.
        expect(html, `${path}, ${when}`).not.toContain(STORE_UNAVAILABLE);
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
    // PostgreSQL stopped and started again: the offer is kept in its volume, and the replicas'
    // pools connect again by themselves (until then the link says to try again: 503).
    expect(await customerOpens()).toBe(200);
    await podman(["restart", postgres]);
    await waitUntil(
      async () => (await customerOpens()) === 200,
      "the offer after a restart",
      30_000,
    );
    await portal.page.context().close();
  } finally {
    await proxy.close();
    await compose(["down", "-v"]);
  }
});

test("deploy/kubernetes: the Deployment under podman kube play migrates the store once and starts its three pods, each answering as its probes ask", async ({
  portalImage,
  reachableSandbox: sandbox,
}, testInfo) => {
  // A PostgreSQL made, three migrations at once, then three pods: 23 s beside a CPU hog, so 120 s.
  test.setTimeout(120_000);
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
  // The init container runs beside the play, not in it: podman 4.3 removes a pod's finished init
  // container in a race with its exit, and fails the play now and then ("cannot remove container
  // … as it is running", podman issue 18477). Run as the kubelet runs it for three pods starting
  // at once: the manifest's command, image and store, three times together.
  const [migration] = deployment.spec.template.spec.initContainers;
  delete deployment.spec.template.spec.initContainers;
  const manifest = testInfo.outputPath("deployment.yaml");
  writeFileSync(manifest, JSON.stringify(deployment));

  const redis = "agency-portal-e2e-redis";
  const postgres = "agency-portal-e2e-postgres";
  await podman(["rm", "--force", "--ignore", redis, postgres]);
  await podman(["run", "-d", "--name", redis, REDIS_IMAGE]);
  // A server still making its cluster when the pods start: their init containers wait for it.
  const databasePassword = "kubernetes-database-password-of-the-test";
  await podman([
    ...["run", "-d", "--name", postgres, "-e", "POSTGRES_USER=portal"],
    ...["-e", `POSTGRES_PASSWORD=${databasePassword}`, "-e", "POSTGRES_DB=portal"],
    POSTGRES_IMAGE,
  ]);
  const databaseUrl = `postgres://portal:${databasePassword}@${await addressOf(postgres)}:5432/portal`;
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
    JSON.stringify({
      SESSION_SECRET: Buffer.from(SESSION_SECRET).toString("base64"),
      DATABASE_URL: Buffer.from(databaseUrl).toString("base64"),
    }),
  );
  await podman(["secret", "rm", "agency-portal"]).catch(() => {});
  await podman(["secret", "create", "agency-portal", secret]);
  try {
    const migrationEnv = (migration.env as Array<{ name: string }>).flatMap(({ name }) => [
      "-e",
      `${name}=${{ DATABASE_URL: databaseUrl }[name]}`,
    ]);
    const migrations = readdirSync("db/migrations").map((file) => file.replace(/\.sql$/, ""));
    const outputs = await Promise.all(
      [1, 2, 3].map(() =>
        podman([
          "run",
          "--rm",
          "--read-only",
          ...migrationEnv,
          portalImage.image,
          ...migration.command,
        ]),
      ),
    );
    // One applied them all (after waiting for the server); the others found nothing left to do.
    expect(outputs.sort()).toEqual([
      `Applied ${migrations.join(", ")}.`,
      "The store is up to date.",
      "The store is up to date.",
    ]);
    // Pods a run cut off left behind.
    await podman(["kube", "down", manifest]).catch(() => {});
    await podman(["kube", "play", "--configmap", configMap, manifest]);
    const pods = (await podman(["pod", "ps", "--format", "{{.Name}}"]))
      .split("\n")
      .filter((name) => name.startsWith(`${deployment.metadata.name}-pod-`));
    expect(pods).toHaveLength(deployment.spec.replicas);
    for (const pod of pods) {
      const url = `http://${await addressOf(`${pod}-portal`)}:${containerPort}`;
      await waitUntil(async () => (await fetch(`${url}/healthcheck`)).status === 200, pod, 30_000);
      const health = await (await fetch(`${url}/healthcheck`)).json();
      expect(health).toEqual({ status: "ok", provider: "ok", sessionStore: "ok", store: "ok" });
      expect(await podman(["exec", `${pod}-portal`, "id", "-u"])).toBe("1000");
      await expect(
        podman(["exec", `${pod}-portal`, "touch", "/home/node/written"]),
      ).rejects.toThrow(/Read-only/);
    }
    const applied = await podman([
      ...["exec", postgres, "psql", "--username", "portal", "--dbname", "portal"],
      ...[
        "--tuples-only",
        "--no-align",
        "--command",
        "SELECT id FROM schema_migrations ORDER BY id",
      ],
    ]);
    expect(applied.split("\n")).toEqual(migrations);
  } finally {
    await podman(["kube", "down", manifest]).catch(() => {});
    await podman(["secret", "rm", "agency-portal"]).catch(() => {});
    await podman(["rm", "--force", "--ignore", redis, postgres]);
  }
});
