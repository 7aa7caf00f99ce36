import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";

/** Helpers for benchmarks: free ports, the sandbox and the built portal as child processes. */

export function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms`);
}

export type Servers = {
  portalUrl: string;
  sandboxUrl: string;
  /** The portal's process id, to read its memory. */
  portalPid: number;
  /** What the portal wrote to stdout so far (its JSON request log), when asked for. */
  portalOutput: () => string;
  stop: () => void;
};

/** The resident memory of a process, in MB (Linux). */
export function rssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** The machine's CPU time so far (Linux `/proc/stat`, clock ticks, all cores): in all, idle, stolen. */
export function machineCpu() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const idleTicks = idle + iowait;
  return {
    total: user + nice + system + idleTicks + irq + softirq + steal,
    idle: idleTicks,
    steal,
  };
}

/** A process's CPU time so far (user and system), in the same clock ticks. */
export function processCpu(pid: number) {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * How busy the machine was between two readings, in % of all its cores: busy in all, the portal's
 * share, and the time the host took for others (on a shared virtual machine): a run's figures
 * read differently when the portal did not have the cores to itself.
 */
export function cpuShares(
  before: { machine: ReturnType<typeof machineCpu>; portal: number },
  after: { machine: ReturnType<typeof machineCpu>; portal: number },
) {
  const total = after.machine.total - before.machine.total;
  const percent = (ticks: number) => Math.round((ticks / total) * 100);
  return {
    busy: percent(total - (after.machine.idle - before.machine.idle)),
    portal: percent(after.portal - before.portal),
    stolen: percent(after.machine.steal - before.machine.steal),
  };
}

/** Starts the sandbox and the production build (run `npm run build` first) on free ports. */
export async function startServers({ keepPortalOutput = false } = {}): Promise<Servers> {
  // Sessions and drafts of an earlier run (cut off mid-visit) would change what pages answer.
  rmSync(".data/bench", { recursive: true, force: true });
  const [sandboxPort, portalPort] = await Promise.all([freePort(), freePort()]);
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const portalUrl = `http://127.0.0.1:${portalPort}`;
  const children: ChildProcess[] = [
    spawn(process.execPath, ["--import", "tsx", "tests/mocks/server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_DATA: ".data/bench/sandbox.json",
      },
      stdio: "ignore",
    }),
    spawn(
      process.execPath,
      ["node_modules/@remix-run/serve/dist/cli.js", "build/server/index.js"],
      {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(portalPort),
          SESSION_SECRET: "bench",
          SESSION_DIR: ".data/bench/sessions",
          PROVIDER_API_URL: sandboxUrl,
        },
        stdio: ["ignore", keepPortalOutput ? "pipe" : "ignore", "ignore"],
      },
    ),
  ];
  let portalOutput = "";
  children[1].stdout?.on("data", (chunk: Buffer) => (portalOutput += chunk.toString()));
  const stop = () => children.forEach((child) => child.kill("SIGTERM"));
  process.once("exit", stop);
  await Promise.all([waitFor(`${sandboxUrl}/`), waitFor(`${portalUrl}/healthcheck`)]);
  await fetch(`${sandboxUrl}/__sandbox/reset`, { method: "POST" });
  return {
    portalUrl,
    sandboxUrl,
    portalPid: children[1].pid!,
    portalOutput: () => portalOutput,
    stop,
  };
}

/** Signs in as the demo user through the login form; returns the cookies to send. */
export async function signIn(portalUrl: string) {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, value] = pair.split("=");
      cookies.set(name, value);
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const page = await fetch(`${portalUrl}/auth/login`);
  remember(page);
  const csrf = (await page.text()).match(/name="csrf" value="([^"]+)"/)?.[1] ?? "";
  const login = await fetch(`${portalUrl}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader() },
    body: new URLSearchParams({ csrf, username: "demo", password: "Demo1234" }),
  });
  remember(login);
  if (login.status !== 302) throw new Error(`Sign-in failed: ${login.status}`);
  return cookieHeader();
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
