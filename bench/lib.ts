import { startPostgresServer } from "../tests/postgres-server";
import { startRedisServer } from "../tests/redis-server";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import type { CDPSession } from "@playwright/test";
import { answers, portalPortsOf, sandboxPortOf, waitUntil } from "../deploy/cluster";
import { PORTAL_SERVER } from "../scripts/portal-build.mjs";

/** Helpers for benchmarks: the sandbox and the built portal as child processes. */

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

/** The provider sandbox on a free port, with the seed's data (its state file under `.data/bench`). */
export async function startSandbox() {
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      SANDBOX_PORT: "0",
      SANDBOX_DATA: ".data/bench/sandbox.json",
    },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const stop = () => child.kill("SIGTERM");
  process.once("exit", stop);
  const port = await sandboxPortOf(child);
  if (!port) throw new Error("The sandbox exited before listening");
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(answers(`${url}/`), url);
  await fetch(`${url}/__sandbox/reset`, { method: "POST" });
  return { url, stop };
}

/** What the benches' portals sign cookies with (production takes no short secret). */
export const BENCH_SESSION_SECRET = "bench-secret-7d1e4b9a2c6f0e3b8a5d1c7f4e2b9a6d";

/**
 * Starts the sandbox and the production build (run `npm run build` first) on free ports; with
 * `store`, a PostgreSQL server of its own for the portal's store (decision 043), and the client's
 * address read from X-Forwarded-For, as behind the proxy; with `redis`, sessions and the records
 * of the limits in a Redis of its own, as in production (decision 022).
 */
export async function startServers({
  keepPortalOutput = false,
  store = false,
  redis = false,
} = {}): Promise<Servers> {
  // Sessions and drafts of an earlier run (cut off mid-visit) would change what pages answer.
  rmSync(".data/bench", { recursive: true, force: true });
  const sandbox = await startSandbox();
  const postgres = store ? await startPostgresServer() : null;
  const redisServer = redis ? await startRedisServer() : null;
  const storeEnv = postgres
    ? {
        DATABASE_URL: await postgres.createDatabase("bench"),
        CLIENT_ADDRESS_HEADER: "X-Forwarded-For",
      }
    : {};
  const portal: ChildProcess = spawn(process.execPath, [PORTAL_SERVER], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      METRICS_PORT: "0",
      SESSION_SECRET: BENCH_SESSION_SECRET,
      SESSION_DIR: ".data/bench/sessions",
      PROVIDER_API_URL: sandbox.url,
      ...storeEnv,
      ...(redisServer ? { REDIS_URL: redisServer.url } : {}),
    },
    stdio: ["ignore", "pipe", "ignore"],
  });
  let portalOutput = "";
  portal.stdout?.on("data", (chunk: Buffer) => {
    if (keepPortalOutput) portalOutput += chunk.toString();
  });
  const stop = () => {
    portal.kill("SIGTERM");
    sandbox.stop();
    void postgres?.kill();
    void redisServer?.stop();
  };
  process.once("exit", stop);
  const ports = await portalPortsOf(portal);
  if (!ports) throw new Error("The portal exited before listening (run `npm run build` first?)");
  const portalUrl = `http://127.0.0.1:${ports.port}`;
  await waitUntil(answers(`${portalUrl}/healthcheck`), portalUrl);
  return {
    portalUrl,
    sandboxUrl: sandbox.url,
    portalPid: portal.pid!,
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

/**
 * The signed-in cookies for a browser profile. They carry the `__Host-` prefix, which a browser
 * takes only as Secure, host-only and for the whole site: given with the portal's URL, not a
 * domain attribute: Playwright's host-only form (a `url`) is refused for them by CDP, its
 * domain form is host-only for an address (Chromium counts a loopback address as secure).
 */
export function browserCookies(portalUrl: string, cookieHeader: string) {
  return cookieHeader.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    return { name, value, domain: new URL(portalUrl).hostname, path: "/", secure: true };
  });
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * One agency per simulated user, registered and approved at the sandbox: a user's wizard draft is
 * the user's own (decision 008).
 */
export async function registerAgencies(
  sandboxUrl: string,
  count: number,
  password: string,
  prefix = "load-user",
) {
  const userNames: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const userName = `${prefix}-${index}`;
    const response = await fetch(`${sandboxUrl}/api/AgencyClient`, {
      method: "POST",
      headers: { "Content-Type": "application/json; domain-model=CreateAgencyDTO" },
      body: JSON.stringify({
        AgencyName: `Load Agency ${index}`,
        ManagerFirstName: "Load",
        ManagerLastName: `User ${index}`,
        PhoneNumber: "+98 21 5555 0000",
        Email: `load${index}@example.com`,
        CountryCode: "IR",
        City: "Tehran",
        Address: "Test street",
        UserName: userName,
        Password: password,
      }),
    });
    if (response.status !== 201) throw new Error(`Registration: ${await response.text()}`);
    const { AgencyId } = (await response.json()) as { AgencyId: number };
    await fetch(`${sandboxUrl}/__sandbox/agencies/${AgencyId}/approve`, { method: "POST" });
    userNames.push(userName);
  }
  return userNames;
}

type SandboxHotel = {
  hotelName: string;
  accommodationPropertyId: number;
  availableSince: string;
  availableUntil: string;
  roomTypes: Array<{ typeId: number; baseCapacity: number }>;
};

export async function bookableRoom(sandboxUrl: string) {
  const state = (await (await fetch(`${sandboxUrl}/__sandbox/state`)).json()) as {
    hotels: SandboxHotel[];
  };
  const hotel = state.hotels.find((entry) => entry.hotelName === "Marina Pearl Resort")!;
  const single = hotel.roomTypes.find((room) => room.baseCapacity === 1)!;
  const inDays = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replace(/-/g, "/");
  return {
    propertyId: String(hotel.accommodationPropertyId),
    roomTypeId: String(single.typeId),
    checkIn: inDays(20),
    checkOut: inDays(23),
  };
}

/** "Slow 3G" and an old office PC, as the browser benches emulate them. */
export const SLOW_LINE = { rttMs: 400, kbps: 400, cpuSlowdown: 6 };
/** The slow line's bandwidth in bytes per ms. */
export const SLOW_LINE_BYTES_PER_MS = (SLOW_LINE.kbps * 1000) / 8 / 1000;

/** Puts a Chromium page (through its CDP session) on the slow line and the slow CPU. */
export async function slowDown(cdp: CDPSession) {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: SLOW_LINE.rttMs,
    downloadThroughput: SLOW_LINE_BYTES_PER_MS * 1000,
    uploadThroughput: SLOW_LINE_BYTES_PER_MS * 1000,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_LINE.cpuSlowdown });
}

/** The `csrf` field of the form on a page the signed-in user opens. */
async function csrfOn(portalUrl: string, path: string, cookie: string) {
  const page = await (await fetch(`${portalUrl}${path}`, { headers: { Cookie: cookie } })).text();
  return page.match(/name="csrf" value="([^"]+)"/)?.[1] ?? "";
}

/**
 * The demo agency's offer of request 7001 shared as a link (a 12 % markup, both languages), the
 * agency's logo set first when one is given: the customer's path (`/offer/…`). Needs the store.
 */
export async function shareAnOffer(portalUrl: string, cookie: string, logo?: Buffer) {
  if (logo) {
    const form = new FormData();
    form.set("csrf", await csrfOn(portalUrl, "/agency/branding", cookie));
    form.set("logo", new Blob([new Uint8Array(logo)], { type: "image/png" }), "logo.png");
    const saved = await fetch(`${portalUrl}/agency/branding`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie },
      body: form,
    });
    if (saved.status !== 302) throw new Error(`Saving the logo failed: ${saved.status}`);
  }
  const offerPath = "/reservations/reservation-details/7001/offer";
  const shared = await fetch(`${portalUrl}${offerPath}?share`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({
      csrf: await csrfOn(portalUrl, offerPath, cookie),
      markupKind: "percent",
      markup: "12",
      language: "both",
    }),
  });
  if (shared.status !== 302) throw new Error(`Sharing failed: ${shared.status}`);
  const back = await (
    await fetch(`${portalUrl}${shared.headers.get("Location")}`, { headers: { Cookie: cookie } })
  ).text();
  const link = back.match(/id="shared-link-url"[^>]*value="([^"]+)"/)?.[1];
  if (!link) throw new Error("No link on the offer page after sharing");
  return new URL(link).pathname;
}

/**
 * A PNG of about `kilobytes` (an RGB picture of noise, which does not compress): an agency's logo
 * as the bench sends it, the size a real one of 240 × 80 has.
 */
export function logoOfSize(kilobytes: number) {
  const side = Math.ceil(Math.sqrt((kilobytes * 1024) / 3));
  const rows = Array.from({ length: side }, () =>
    Buffer.concat([Buffer.from([0]), randomBytes(side * 3)]),
  );
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
