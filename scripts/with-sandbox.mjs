// Runs the portal with the provider sandbox beside it: `npm start` (production build under
// remix-serve) or `npm run dev` (Vite dev server). Ctrl-C stops both.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const sandboxPort = process.env.SANDBOX_PORT ?? "4010";
const providerUrl = process.env.PROVIDER_API_URL ?? `http://127.0.0.1:${sandboxPort}`;
const dataDir = ".data";
mkdirSync(dataDir, { recursive: true });

/** The demo needs no configuration: a session secret is made once and kept under .data/. */
function demoSessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = join(dataDir, "session-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(path).map((entry) => newestChange(join(path, entry))),
  );
}

function buildIfStale() {
  const built = "build/server/index.js";
  const sources = [
    "app",
    "locales",
    "public",
    "vite.config.ts",
    "tailwind.config.ts",
    "package-lock.json",
  ];
  if (
    existsSync(built) &&
    statSync(built).mtimeMs >= Math.max(...sources.filter(existsSync).map(newestChange))
  )
    return;
  console.log("Building the portal…");
  const result = spawnSync(
    process.execPath,
    ["node_modules/@remix-run/dev/dist/cli.js", "vite:build"],
    { stdio: "inherit" },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const children = [];
function run(name, args, env) {
  // Started as `node <script>`, not through npx, so a signal reaches the real process.
  const child = spawn(process.execPath, args, {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    // Ctrl-C reaches every process of the terminal's group at once: a child may go first.
    if (signal === "SIGINT" || signal === "SIGTERM" || code === 0) return stop(0);
    console.error(`${name} stopped (${signal ?? code}); stopping the rest.`);
    stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((done) => child.on("exit", done)) : null,
    ),
  ).then(() => process.exit(code));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

if (!process.env.PROVIDER_API_URL) {
  run("Provider sandbox", ["--import", "tsx", "tests/mocks/server.ts"], {
    NODE_ENV: "development",
    SANDBOX_PORT: sandboxPort,
  });
}

if (mode === "dev") {
  run("Portal (dev)", ["node_modules/@remix-run/dev/dist/cli.js", "vite:dev"], {
    PROVIDER_API_URL: providerUrl,
  });
} else {
  buildIfStale();
  run("Portal", ["node_modules/@remix-run/serve/dist/cli.js", "build/server/index.js"], {
    NODE_ENV: "production",
    PROVIDER_API_URL: providerUrl,
    SESSION_SECRET: demoSessionSecret(),
  });
}
