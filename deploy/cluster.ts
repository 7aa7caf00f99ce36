import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { get } from "node:https";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { Redis } from "ioredis";
import { PORTAL_SERVER } from "../scripts/portal-build.mjs";

/**
 * The deployment the README describes, on one machine: HAProxy (`deploy/haproxy.cfg`) in front of
 * three portal instances (the production build under the portal's own server) that keep their sessions and
 * drafts in Redis (decision 022): a primary, a replica and three Sentinels (decision 037). `npm run cluster` runs it for a person; the tests through the
 * proxy and `bench/failures.ts` start their own, and take its parts down and up again.
 *
 * Each Redis node keeps an append-only file under `dir`, so a restart (a stop and a start) loses
 * nothing.
 * Each process writes its output to a log file under `dir`.
 */

const PORTAL_COMMAND = [PORTAL_SERVER];
const HAPROXY_CONFIG = resolve("deploy/haproxy.cfg");
const INSTANCES = 3;

export function freePort() {
  return new Promise<number>((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} not ready within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Thrown when a process ends before it is ready (a port taken, a bad configuration). */
class EndedBeforeReady extends Error {}

/**
 * `waitUntil`, ended at once when the process ends first; a process that ends or is never ready
 * is reported with its log's last lines.
 */
async function waitUntilReady(running: Running, check: () => Promise<boolean>, what: string) {
  let ended = false;
  const readiness = waitUntil(async () => {
    if (ended) return true;
    return check();
  }, what);
  const lastLines = () =>
    `the end of ${running.log}:\n${readFileSync(running.log, "utf8").trim().split("\n").slice(-5).join("\n")}`;
  try {
    await Promise.race([readiness, running.exited.then(() => (ended = true))]);
  } catch (error) {
    // Still running but never ready: what it logged (HAProxy: which checks failed, and why).
    throw new Error(`${(error as Error).message}; ${lastLines()}`);
  }
  if (!ended) return;
  await running.written;
  throw new EndedBeforeReady(`${what} ended before it was ready; ${lastLines()}`);
}

/**
 * Starts processes that must be told their ports (Redis, HAProxy) on ports `start` finds free; a
 * port can be taken by another process between the finding and the binding, so a start that ends
 * before it is ready is tried again, on other ports.
 */
async function onFreePorts<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof EndedBeforeReady) || attempt === 3) throw error;
    }
  }
}

/** Whether an address answers 200 (for `waitUntil`). */
export const answers = (url: string) => async () => (await fetch(url)).status === 200;

/** Whether an HTTPS address answers 200, trusting the certificate it was given (its own). */
const answersOverTls = (url: string, certificate: string) => () =>
  new Promise<boolean>((done) => {
    get(url, { ca: readFileSync(certificate) }, (response) => {
      response.resume();
      done(response.statusCode === 200);
    }).on("error", () => done(false));
  });

/**
 * A child process whose output goes to a log file. `exited` resolves when it ends, `written` once
 * its last words are in the log too (after "exit" the pipes may still hold them).
 */
function startProcess(command: string, args: string[], env: Record<string, string>, log: string) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const file = createWriteStream(log, { flags: "a" });
  child.stdout?.pipe(file, { end: false });
  child.stderr?.pipe(file, { end: false });
  const exited = new Promise<void>((done) => {
    if (child.exitCode !== null) done();
    else child.once("exit", () => done());
  });
  const written = new Promise<void>((done) => child.once("close", () => file.end(done)));
  return { child, exited, written, log };
}

type Running = ReturnType<typeof startProcess>;

async function stopProcess(running: Running | null) {
  if (!running) return;
  if (running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill("SIGTERM");
    const forced = setTimeout(() => running.child.kill("SIGKILL"), 20_000);
    await running.exited;
    clearTimeout(forced);
  }
  await running.written;
}

/**
 * One portal instance, which can be killed, paused and started again. It takes its ports itself
 * the first time (port 0; a port found free beforehand could be taken before the portal binds it)
 * and keeps them when started again, as HAProxy knows it by them.
 */
type Instance = {
  name: string;
  /** Its address, known once it has started. */
  url: string;
  /** Its Prometheus endpoint (METRICS_PORT), which HAProxy does not route to. */
  metricsUrl: string;
  pid: () => number | undefined;
  /** A crash: SIGKILL, nothing finished. */
  kill: () => Promise<void>;
  /** Started (again, on its ports, once killed); resolves when it answers. */
  start: () => Promise<void>;
  /** Stopped on the spot (SIGSTOP): it holds its connections and answers nothing. */
  pause: () => void;
  resume: () => void;
  /** SIGTERM; resolves once it has ended and its log is written. */
  stop: () => Promise<void>;
  /** How it ended if nobody here ended it (a crash), or null. */
  diedOnItsOwn: () => string | null;
};

/**
 * The ports a process started on port 0 announces on its standard output, one line each (null
 * when it ends first). Started on port 0, a process binds a port the system gives it: no other
 * process can take that port between a finding and a binding, as it can after `freePort`.
 */
function announcedPorts<Name extends string>(child: ChildProcess, lines: Record<Name, RegExp>) {
  return new Promise<Record<Name, number> | null>((done) => {
    let heard = "";
    const listen = (chunk: Buffer) => {
      heard += chunk.toString();
      const entries = Object.entries<RegExp>(lines).map(
        ([name, line]) => [name, Number(line.exec(heard)?.[1] ?? 0)] as const,
      );
      if (entries.some(([, port]) => !port)) return;
      child.stdout?.off("data", listen);
      done(Object.fromEntries(entries) as Record<Name, number>);
    };
    child.stdout?.on("data", listen);
    child.once("exit", () => done(null));
  });
}

/** The ports of a portal started with `PORT=0` and `METRICS_PORT=0`. */
export const portalPortsOf = (child: ChildProcess) =>
  announcedPorts(child, {
    port: /Portal listening on http:\/\/[^\s:]+:(\d+)/,
    metricsPort: /Metrics on http:\/\/[^\s:]+:(\d+)\/metrics/,
  });

/** The port of a provider sandbox started with `SANDBOX_PORT=0`. */
export const sandboxPortOf = (child: ChildProcess) =>
  announcedPorts(child, { port: /Provider sandbox listening on http:\/\/[^\s:]+:(\d+)/ }).then(
    (ports) => ports?.port ?? null,
  );

function portalInstance(name: string, env: Record<string, string>, log: string) {
  let ports = { port: 0, metricsPort: 0 };
  let running: Running | null = null;
  let endedOnPurpose = false;
  let died: string | null = null;
  const instance: Instance = {
    name,
    url: "",
    metricsUrl: "",
    pid: () => running?.child.pid,
    async start() {
      endedOnPurpose = false;
      const started = startProcess(
        process.execPath,
        PORTAL_COMMAND,
        { ...env, PORT: String(ports.port), METRICS_PORT: String(ports.metricsPort) },
        log,
      );
      running = started;
      started.child.once("exit", (code, signal) => {
        if (!endedOnPurpose) died ??= signal ? `killed by ${signal}` : `exit code ${code}`;
      });
      const announced = await portalPortsOf(started.child);
      if (announced) {
        ports = announced;
        instance.url = `http://127.0.0.1:${announced.port}`;
        instance.metricsUrl = `http://127.0.0.1:${announced.metricsPort}/metrics`;
      }
      await waitUntilReady(started, answers(`${instance.url}/healthcheck`), name);
    },
    async kill() {
      if (!running) return;
      endedOnPurpose = true;
      running.child.kill("SIGKILL");
      await running.exited;
    },
    pause: () => running?.child.kill("SIGSTOP"),
    resume: () => running?.child.kill("SIGCONT"),
    stop() {
      endedOnPurpose = true;
      return stopProcess(running);
    },
    diedOnItsOwn: () => died,
  };
  return instance;
}

/** Resolves once the Redis program (a node or a Sentinel) on `port` answers a PING. */
async function untilRedisAnswers(running: Running, port: number, what: string) {
  const probe = new Redis({
    port,
    host: "127.0.0.1",
    lazyConnect: true,
    retryStrategy: () => null,
  });
  probe.on("error", () => {});
  try {
    await waitUntilReady(
      running,
      async () => {
        if (probe.status !== "ready") await probe.connect().catch(() => {});
        return (await probe.ping()) === "PONG";
      },
      what,
    );
  } finally {
    probe.disconnect();
  }
}

/** One Redis data node: the primary or a replica, as the Sentinels decide. */
type RedisNode = {
  name: string;
  port: number;
  /** SIGTERM: Redis writes its append-only file and exits. */
  stop: () => Promise<void>;
  /** A crash: SIGKILL, nothing finished, nothing written that was not written. */
  kill: () => Promise<void>;
  /** Started again on its port with its data, as a replica of `primaryPort` when given. */
  start: (primaryPort?: number) => Promise<void>;
  /** Stopped on the spot (SIGSTOP): it holds its connections and answers nothing. */
  pause: () => void;
  resume: () => void;
};

function redisNode(name: string, port: number, dir: string, program: string): RedisNode {
  let running: Running | null = null;
  return {
    name,
    port,
    async start(primaryPort) {
      const started = startProcess(
        program,
        [
          ...["--port", String(port), "--bind", "127.0.0.1", "--dir", dir],
          ...["--appendonly", "yes", "--appendfilename", `${name}.aof`],
          ...["--appenddirname", `${name}-aof`, "--appendfsync", "everysec", "--save", ""],
          ...(primaryPort ? ["--replicaof", "127.0.0.1", String(primaryPort)] : []),
        ],
        {},
        join(dir, `${name}.log`),
      );
      running = started;
      await untilRedisAnswers(started, port, `Redis ${name}`);
    },
    stop: () => stopProcess(running),
    async kill() {
      running?.child.kill("SIGKILL");
      await running?.exited;
    },
    pause: () => running?.child.kill("SIGSTOP"),
    resume: () => running?.child.kill("SIGCONT"),
  };
}

const SENTINEL_NAME = "portal";

/**
 * Redis as production runs it beyond one machine (decision 037): a primary, a replica and three
 * Sentinels that watch them and promote the replica when the primary is gone (a quorum of two,
 * down after 1 s: a failover takes 2–4 s here). Sentinel is `redis-server --sentinel`, the same
 * program as Debian's `redis-sentinel`. The portals find the primary through the Sentinels.
 */
type RedisTopology = {
  /** For a person: where the Sentinels are. */
  url: string;
  nodes: RedisNode[];
  /** What the instances are told (REDIS_SENTINELS, REDIS_SENTINEL_NAME). */
  env: Record<string, string>;
  /** The node the Sentinels name primary now. */
  primary: () => Promise<RedisNode>;
  /** Resolves, with it, once the Sentinels name a primary other than `node`. */
  failedOverFrom: (node: RedisNode) => Promise<RedisNode>;
  /** Every data node stopped (the Sentinels stay): Redis down for everyone. */
  stop: () => Promise<void>;
  /** The data nodes started again, the Sentinels' primary first. */
  start: () => Promise<void>;
  /** A client that follows the primary, for checks (drafts and sessions before and after). */
  client: () => Redis;
  /** Everything stopped, the Sentinels too. */
  end: () => Promise<void>;
};

async function startRedisTopology(dir: string, program: string): Promise<RedisTopology> {
  const nodes = await onFreePorts(async () => {
    const [primaryPort, replicaPort] = await Promise.all([freePort(), freePort()]);
    const primary = redisNode("redis1", primaryPort, dir, program);
    await primary.start();
    const replica = redisNode("redis2", replicaPort, dir, program);
    await replica.start(primaryPort);
    return [primary, replica];
  });
  const sentinels = await Promise.all(
    [1, 2, 3].map((number) =>
      onFreePorts(async () => {
        const port = await freePort();
        // Sentinel rewrites its configuration file as it learns: one each, in `dir`.
        const config = join(dir, `sentinel${number}.conf`);
        writeFileSync(
          config,
          [
            `port ${port}`,
            "bind 127.0.0.1",
            `dir ${dir}`,
            `sentinel monitor ${SENTINEL_NAME} 127.0.0.1 ${nodes[0].port} 2`,
            `sentinel down-after-milliseconds ${SENTINEL_NAME} 1000`,
            `sentinel failover-timeout ${SENTINEL_NAME} 5000`,
            `sentinel parallel-syncs ${SENTINEL_NAME} 1`,
          ].join("\n") + "\n",
        );
        const running = startProcess(
          program,
          [config, "--sentinel"],
          {},
          join(dir, `sentinel${number}.log`),
        );
        await untilRedisAnswers(running, port, `Sentinel ${number}`);
        return { port, running };
      }),
    ),
  );
  const sentinelList = sentinels.map(({ port }) => ({ host: "127.0.0.1", port }));
  const askSentinel = new Redis({
    port: sentinels[0].port,
    host: "127.0.0.1",
    maxRetriesPerRequest: 1,
  });
  askSentinel.on("error", () => {});
  async function primary() {
    const [, port] = (await askSentinel.call(
      "SENTINEL",
      "get-master-addr-by-name",
      SENTINEL_NAME,
    )) as [string, string];
    const node = nodes.find((candidate) => candidate.port === Number(port));
    if (!node) throw new Error(`The Sentinels name an unknown primary (port ${port})`);
    return node;
  }
  // Every Sentinel knows the replica and the other Sentinels before anything is asked of them.
  await waitUntil(async () => {
    const known = (await askSentinel.call("SENTINEL", "master", SENTINEL_NAME)) as string[];
    const field = (name: string) => Number(known[known.indexOf(name) + 1]);
    return field("num-slaves") === 1 && field("num-other-sentinels") === 2;
  }, "the Sentinels");
  let client: Redis | null = null;
  const topology: RedisTopology = {
    url: `sentinel://${sentinelList.map(({ host, port }) => `${host}:${port}`).join(",")}/${SENTINEL_NAME}`,
    nodes,
    env: {
      REDIS_SENTINELS: sentinelList.map(({ host, port }) => `${host}:${port}`).join(","),
      REDIS_SENTINEL_NAME: SENTINEL_NAME,
    },
    primary,
    async failedOverFrom(node) {
      let promoted: RedisNode | null = null;
      await waitUntil(async () => {
        promoted = await primary();
        return promoted !== node;
      }, `a failover from ${node.name}`);
      return promoted!;
    },
    async stop() {
      await Promise.all(nodes.map((node) => node.stop()));
    },
    async start() {
      const first = await primary();
      await first.start();
      await Promise.all(
        nodes.filter((node) => node !== first).map((node) => node.start(first.port)),
      );
    },
    client() {
      client ??= new Redis({
        sentinels: sentinelList,
        name: SENTINEL_NAME,
        maxRetriesPerRequest: 1,
      });
      client.on("error", () => {});
      return client;
    },
    async end() {
      client?.disconnect();
      askSentinel.disconnect();
      await Promise.all(sentinels.map(({ running }) => stopProcess(running)));
      await topology.stop();
    },
  };
  return topology;
}

export type Cluster = {
  /** The proxy's address: what users open. */
  url: string;
  /** HAProxy's process (with `-db`, the one process that answers). */
  proxyPid: number;
  /** HAProxy's own Prometheus endpoint (PROXY_METRICS_BIND). */
  proxyMetricsUrl: string;
  instances: Instance[];
  redis: RedisTopology;
  /** What each process wrote is under this folder. */
  dir: string;
  stop: () => Promise<void>;
};

export async function startCluster({
  sandboxUrl,
  dir,
  sessionSecret,
  proxyPort,
  env = {},
  tlsCertificate,
  proxyMaxConnections,
}: {
  sandboxUrl: string;
  dir: string;
  sessionSecret: string;
  proxyPort?: number;
  /** More environment for the instances (e.g. a shorter PROVIDER_TIMEOUT_MS). */
  env?: Record<string, string>;
  /**
   * A PEM file with a certificate for `localhost` and its key: HAProxy then speaks HTTPS, as in
   * production (PROXY_TLS_CERTIFICATE in haproxy.cfg).
   */
  tlsCertificate?: string;
  /** The proxy's connections at once for all clients together (PROXY_MAXCONN; 4096 unless set). */
  proxyMaxConnections?: number;
}): Promise<Cluster> {
  mkdirSync(dir, { recursive: true });
  const redis = await startRedisTopology(
    resolve(dir),
    process.env.REDIS_SERVER_PATH || "redis-server",
  );

  const instanceEnv = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    SESSION_SECRET: sessionSecret,
    PROVIDER_API_URL: sandboxUrl,
    ...redis.env,
    // HAProxy appends the address it saw; the portal counts the last entry (haproxy.cfg).
    CLIENT_ADDRESS_HEADER: "X-Forwarded-For",
    ...env,
  };
  const instances = Array.from({ length: INSTANCES }, (_, index) =>
    portalInstance(`portal${index + 1}`, instanceEnv, join(dir, `portal${index + 1}.log`)),
  );
  // Whatever does not come up, nothing started for it is left running.
  const stopAll = () =>
    Promise.allSettled(instances.map((instance) => instance.stop())).then(() => redis.end());
  try {
    await Promise.all(instances.map((instance) => instance.start()));
  } catch (error) {
    await stopAll();
    throw error;
  }

  const started = await onFreePorts(async () => {
    const [port, proxyMetricsPort] = await Promise.all([proxyPort ?? freePort(), freePort()]);
    const proxy = startProcess(
      process.env.HAPROXY_PATH || "haproxy",
      ["-db", "-f", HAPROXY_CONFIG],
      {
        PROXY_BIND: `[::]:${port}`,
        PROXY_METRICS_BIND: `127.0.0.1:${proxyMetricsPort}`,
        ...(tlsCertificate ? { PROXY_TLS_CERTIFICATE: resolve(tlsCertificate) } : {}),
        ...(proxyMaxConnections ? { PROXY_MAXCONN: String(proxyMaxConnections) } : {}),
        // Only root can hand HAProxy to its own user (haproxy.cfg).
        ...(process.getuid?.() === 0 ? {} : { PROXY_KEEPS_ITS_STARTER: "1" }),
        ...Object.fromEntries(
          instances.map((instance, index) => [`PORTAL_${index + 1}`, new URL(instance.url).host]),
        ),
      },
      join(dir, "haproxy.log"),
    );
    // Chromium and Firefox keep the portal's Secure cookies on `localhost` over plain HTTP; WebKit
    // keeps them over HTTPS only.
    const url = `${tlsCertificate ? "https" : "http"}://localhost:${port}`;
    try {
      await waitUntilReady(
        proxy,
        tlsCertificate
          ? answersOverTls(`${url}/healthcheck`, tlsCertificate)
          : answers(`${url}/healthcheck`),
        "HAProxy",
      );
    } catch (error) {
      // Never ready (or ended): this HAProxy is not left behind, whether another is tried or not.
      await stopProcess(proxy);
      throw error;
    }
    return { proxy, url, proxyMetricsPort };
  }).catch(async (error: unknown) => {
    await stopAll();
    throw error;
  });
  const { proxy, url, proxyMetricsPort } = started;

  return {
    url,
    proxyPid: proxy.child.pid!,
    proxyMetricsUrl: `http://127.0.0.1:${proxyMetricsPort}/metrics`,
    instances,
    redis,
    dir,
    async stop() {
      await stopProcess(proxy);
      await Promise.all(instances.map((instance) => instance.stop()));
      await redis.end();
    },
  };
}
