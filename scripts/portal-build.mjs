// What `npm start` and `npm run cluster` share: the production build, made when it is missing or
// older than its sources, and the demo's session secret.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dataDir = ".data";

/** The portal's own HTTP server in front of the Remix build (`npm run build` makes both). */
export const PORTAL_SERVER = "build/portal-server/index.js";

/** The store's migrations command in the image (server/migrate.ts; `npm run db:migrate` here). */
export const MIGRATE_COMMAND = "build/portal-server/migrate.js";

/** The Remix build the portal's server loads (server/index.ts). */
export const REMIX_SERVER_BUILD = "build/server/index.js";

/** The demo needs no configuration: a session secret is made once and kept under .data/. */
export function demoSessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  mkdirSync(dataDir, { recursive: true });
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

export function buildIfStale() {
  const built = PORTAL_SERVER;
  const sources = [
    "app",
    "server",
    "db",
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
  for (const step of [
    ["node_modules/@remix-run/dev/dist/cli.js", "vite:build"],
    ["scripts/build-server.mjs"],
  ]) {
    const result = spawnSync(process.execPath, step, { stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
