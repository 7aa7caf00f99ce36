import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { PORTAL_SERVER } from "../../scripts/portal-build.mjs";

/**
 * The servers a Playwright worker tests against: its own provider sandbox and its own portal (the
 * production build under its own server), on free ports, with their data under
 * `.data/e2e/worker-N`. Workers share nothing, so they run side by side.
 */

export type WorkerServers = { sandboxUrl: string; portalUrl: string; sessionDir: string };

const PORTAL_COMMAND = [PORTAL_SERVER];

/** The portals' SESSION_SECRET: what must never show in a page or a log. */
export const SESSION_SECRET = "e2e-secret-4f9c2a7e1b8d3f6a0c5e9b2d7f4a1c8e";

/** The environment of a portal under test. */
function portalEnv(port: number, sandboxUrl: string, sessionDir: string) {
  return {
    PORT: String(port),
    NODE_ENV: "production" as const,
    SESSION_SECRET,
    SESSION_DIR: sessionDir,
    PROVIDER_API_URL: sandboxUrl,
    PROVIDER_TIMEOUT_MS: "5000",
    SUPPORT_PHONE: "+98 21 9999 0000",
    // Tests name a client's address in this header to try the per-address throttle.
    CLIENT_ADDRESS_HEADER: "X-Forwarded-For",
  };
}

export function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Child = ReturnType<typeof spawn>;

function stopper(child: Child) {
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", resolve);
  });
  return {
    exited,
    async kill() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * A portal process; `keepOutput` collects what it writes, otherwise its errors go to the run's log.
 * `logFile` keeps everything it writes (its request log and errors) in a file as well.
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
  const port = await freePort();
  const child = spawn(process.execPath, PORTAL_COMMAND, {
    env: { ...process.env, ...portalEnv(port, sandboxUrl, sessionDir), ...env },
    stdio: ["ignore", keepOutput || logFile ? "pipe" : "ignore", "pipe"],
  });
  const log = logFile ? createWriteStream(logFile) : null;
  // After "exit" the pipes may still hold the last lines; "close" comes once they are read.
  const closed = new Promise((resolve) => child.once("close", resolve));
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    log?.write(chunk);
    if (keepOutput) output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    log?.write(chunk);
    if (keepOutput) output += chunk.toString();
    else process.stderr.write(chunk);
  });
  const { exited, kill } = stopper(child);
  // Cookies of `localhost` reach every portal of the worker's browser (cookies ignore ports).
  const url = `http://localhost:${port}`;
  await waitUntilAnswering(`${url}/healthcheck`);
  return {
    url,
    pid: child.pid!,
    /** Everything the process has written so far (with `keepOutput`). */
    output: () => output,
    /** SIGKILL: no chance to finish anything, as a crash. */
    kill,
    /** Once the process has ended: all it wrote to `logFile`. */
    async writtenLog() {
      await closed;
      if (!log || !logFile) return "";
      await new Promise((resolve) => log.end(resolve));
      return readFileSync(logFile, "utf8");
    },
    /** SIGTERM, as an orchestrator stops it; resolves with the exit code. */
    async stop() {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

async function startSandbox(dataFile: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "tests/mocks/server.ts"], {
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_DATA: dataFile, NODE_ENV: "test" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/`);
  return { url, ...stopper(child) };
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
  const sandbox = await startSandbox(join(dir, "sandbox.json"));
  const sessionDir = join(dir, "sessions");
  const logFile = join(dir, "portal.log");
  const portal = await startPortal({ sandboxUrl: sandbox.url, sessionDir, logFile });
  current = { sandboxUrl: sandbox.url, portalUrl: portal.url, sessionDir };
  return {
    servers: current,
    logFile,
    /** Stops both; resolves with everything the portal wrote over the worker's whole run. */
    async stop() {
      await Promise.all([portal.kill(), sandbox.kill()]);
      return portal.writtenLog();
    },
  };
}
