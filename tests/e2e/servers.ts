import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { answers, freePort, portalPortsOf, sandboxPortOf, waitUntil } from "../../deploy/cluster";
import { PRISM, prismArguments } from "../../scripts/mock-provider.mjs";
import { PORTAL_SERVER } from "../../scripts/portal-build.mjs";
import { startPostgresServer } from "../postgres-server";

/**
 * The servers a Playwright worker tests against: its own provider sandbox and its own portal (the
 * production build under its own server), on free ports, with their data under
 * `.data/e2e/worker-N`. Workers share nothing, so they run side by side.
 */

export type WorkerServers = {
  sandboxUrl: string;
  portalUrl: string;
  /** The worker's portal's metrics port: its `/metrics` (and `/healthcheck`, the detail). */
  portalMetricsUrl: string;
  sessionDir: string;
  /** The portal's own store: a database of the worker's PostgreSQL server, migrated. */
  databaseUrl: string;
};

const PORTAL_COMMAND = [PORTAL_SERVER];

/** The portals' SESSION_SECRET: what must never show in a page or a log. */
export const SESSION_SECRET = "e2e-secret-4f9c2a7e1b8d3f6a0c5e9b2d7f4a1c8e";

/** The environment of a portal under test. */
function portalEnv(port: number, sandboxUrl: string, sessionDir: string) {
  return {
    PORT: String(port),
    // A port of its own too, named in its output (the default 9091 would be every portal's).
    METRICS_PORT: "0",
    NODE_ENV: "production" as const,
    SESSION_SECRET,
    SESSION_DIR: sessionDir,
    PROVIDER_API_URL: sandboxUrl,
    PROVIDER_TIMEOUT_MS: "5000",
    SUPPORT_PHONE: "+98 21 9999 0000",
    // The wait before a sign-in rises by this for each failure at the user name (1 s by default):
    // the counts are what the tests prove, and a quarter second keeps a run's minutes for them.
    SIGNIN_SLOWDOWN_MS: "250",
    // An address past its budget takes a turn every this many ms (15 s by default), for the same
    // reason.
    SIGNIN_CLIENT_PACE_MS: "1000",
    SIGNIN_NETWORK_PACE_MS: "1000",
    // Tests name a client's address in this header to try the per-address throttle.
    CLIENT_ADDRESS_HEADER: "X-Forwarded-For",
    // Longer than any test: a form a test posts never meets a connection the portal is closing.
    KEEP_ALIVE_TIMEOUT_MS: "120000",
  };
}

export { freePort };

type Child = ReturnType<typeof spawn>;

function stopper(child: Child) {
  let endedOnPurpose = false;
  let diedOnItsOwn: string | null = null;
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else
      child.once("exit", (code, signal) => {
        if (!endedOnPurpose) diedOnItsOwn = signal ? `killed by ${signal}` : `exit code ${code}`;
        resolve(code);
      });
  });
  return {
    exited,
    /** How the process ended if nobody here ended it: a crash (null while it runs, or when stopped). */
    diedOnItsOwn: () => diedOnItsOwn,
    async kill() {
      endedOnPurpose = true;
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      endedOnPurpose = true;
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** What a portal process left behind once it ended: its whole output, and whether it crashed. */
export type PortalRecord = { logFile: string; log: string; diedOnItsOwn: string | null };

/**
 * Every portal process started in this worker (its own, the tests' extra instances), so that the
 * worker's end can check each one: none crashed, none logged an unhandled rejection or a secret.
 */
const portalsOfTheWorker: Array<() => Promise<PortalRecord>> = [];

/**
 * Ends every portal the worker started that still runs (SIGKILL; each had its chance to crash on
 * its own before) and reads what each wrote.
 */
async function endPortalsOfTheWorker() {
  const records = await Promise.all(portalsOfTheWorker.map((end) => end()));
  portalsOfTheWorker.length = 0;
  return records;
}

/**
 * What in a portal's output shows a failure that no page showed: Node's footer under a fatal error
 * (an uncaught exception, or an unhandled rejection, which Node 20 turns into one), or a warning of
 * an unhandled rejection.
 */
export function crashLinesOf(log: string) {
  return log.split("\n").filter((line) => /^Node\.js v\d+|unhandled/i.test(line));
}

/**
 * A portal process; its output goes to `logFile` (by default beside `sessionDir`), and with
 * `keepOutput` is also kept in memory for the test; when the worker ends its log is checked
 * (`endPortalsOfTheWorker`).
 */
export async function startPortal({
  sandboxUrl,
  sessionDir,
  env = {},
  keepOutput = false,
  logFile,
}: {
  sandboxUrl: string;
  sessionDir: string;
  env?: Record<string, string>;
  keepOutput?: boolean;
  logFile?: string;
}) {
  // Port 0: the portal takes a port of its own and says which. A port a test found free could be
  // taken by another process (the other worker's, a browser's connection) before the portal binds
  // it; the portal would then exit, and the test talk to whatever holds the port.
  const child = spawn(process.execPath, PORTAL_COMMAND, {
    env: { ...process.env, ...portalEnv(0, sandboxUrl, sessionDir), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logPath = logFile ?? join(dirname(sessionDir), `portal-${child.pid}.log`);
  const log = createWriteStream(logPath);
  const announced = portalPortsOf(child);
  // After "exit" the pipes may still hold the last lines; "close" comes once they are read.
  const closed = new Promise((resolve) => child.once("close", resolve));
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    log.write(chunk);
    if (keepOutput) output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    log.write(chunk);
    if (keepOutput) output += chunk.toString();
  });
  const { exited, kill, stop, diedOnItsOwn } = stopper(child);
  const writtenLog = async () => {
    await closed;
    if (log.writable) await new Promise((resolve) => log.end(resolve));
    return readFileSync(logPath, "utf8");
  };
  portalsOfTheWorker.push(async () => {
    const died = diedOnItsOwn();
    await kill();
    return { logFile: logPath, log: await writtenLog(), diedOnItsOwn: died };
  });
  // Cookies of `localhost` reach every portal of the worker's browser (cookies ignore ports).
  const ports = await announced;
  if (!ports) throw new Error(`The portal exited before listening; see ${logPath}`);
  const url = `http://localhost:${ports.port}`;
  const metricsUrl = `http://127.0.0.1:${ports.metricsPort}/metrics`;
  await waitUntil(answers(`${url}/healthcheck`), url);
  return {
    url,
    /** Its Prometheus endpoint, on a port of its own. */
    metricsUrl,
    pid: child.pid!,
    /** Everything the process has written so far (with `keepOutput`). */
    output: () => output,
    /** SIGKILL: no chance to finish anything, as a crash. */
    kill,
    /** SIGTERM, as an orchestrator stops it; resolves with the exit code. */
    stop,
    exited,
  };
}

/**
 * A provider sandbox on a free port; on `host` (loopback by default; every interface for the
 * containers on podman's networks, which reach the machine at `host.containers.internal`).
 */
export async function startSandbox(dataFile: string, host = "127.0.0.1") {
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/server.ts"], {
    env: {
      ...process.env,
      SANDBOX_PORT: "0",
      SANDBOX_HOST: host,
      SANDBOX_DATA: dataFile,
      NODE_ENV: "test",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  const port = await sandboxPortOf(child);
  if (!port) throw new Error(`The sandbox exited before listening (data ${dataFile})`);
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(answers(`${url}/`), url);
  return { url, ...stopper(child) };
}

/**
 * A mock provider that Prism makes from docs/provider-api.openapi.json alone, on a port of its own
 * (port 0: it names the one it took). Its output, one line per call and any violation of the
 * document, is kept for the test.
 */
export async function startMockProvider() {
  const child = spawn(process.execPath, [PRISM, ...prismArguments(0)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string | null>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (listening) resolve(listening[1]);
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", () => resolve(null));
  });
  const stopping = stopper(child);
  if (!url) throw new Error(`Prism exited before listening:\n${output}`);
  return { url, output: () => output, ...stopping };
}

let current: WorkerServers | undefined;

/** The servers of the worker this runs in. */
export function workerServers() {
  if (!current) throw new Error("The worker's servers are not started (use the test fixtures).");
  return current;
}

export async function startWorkerServers(workerIndex: number) {
  const dir = `.data/e2e/worker-${workerIndex}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const [sandbox, postgres] = await Promise.all([
    startSandbox(join(dir, "sandbox.json")),
    startPostgresServer(),
  ]);
  const databaseUrl = await postgres.createDatabase("portal");
  const sessionDir = join(dir, "sessions");
  const portal = await startPortal({
    sandboxUrl: sandbox.url,
    sessionDir,
    logFile: join(dir, "portal.log"),
    env: { DATABASE_URL: databaseUrl },
  });
  current = {
    sandboxUrl: sandbox.url,
    portalUrl: portal.url,
    portalMetricsUrl: portal.metricsUrl,
    sessionDir,
    databaseUrl,
  };
  return {
    servers: current,
    /**
     * Stops the sandbox and every portal the worker started; resolves with what each portal wrote
     * over the worker's whole run.
     */
    async stop() {
      const [portals] = await Promise.all([endPortalsOfTheWorker(), sandbox.kill()]);
      await postgres.stop();
      return portals;
    },
  };
}
