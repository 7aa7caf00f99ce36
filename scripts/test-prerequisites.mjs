#!/usr/bin/env node
// Before any test runs: the two programs the tests start besides Node, Chromium (Playwright drives
// Debian's headless shell, decision 020; it cannot download its own here) and redis-server (the Redis session tests start their
// own). Present: nothing to do. Missing on a machine that can install them (root with apt-get, as
// the project's machines and CI): installed, one line each. Missing otherwise: one message naming
// the command, and a non-zero exit before typecheck spends a minute on a run that cannot pass.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
const redisServerPath = process.env.REDIS_SERVER_PATH || "redis-server";

/** Runs `program --version`: does it exist and start here? */
function starts(program) {
  return spawnSync(program, ["--version"], { stdio: "ignore" }).status === 0;
}

function canRunApt() {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return false;
  try {
    accessSync("/usr/bin/apt-get", constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Debian packages to install for what is missing, with what each is for. */
const missing = [];
if (!starts(chromiumPath))
  missing.push({
    program: chromiumPath,
    debianPackage: "chromium-headless-shell",
    for: "the browser tests",
  });
if (!starts(redisServerPath))
  missing.push({
    program: redisServerPath,
    debianPackage: "redis-server",
    for: "the Redis session tests",
  });

if (missing.length === 0) process.exit(0);

const packages = missing.map((item) => item.debianPackage);

if (!canRunApt()) {
  console.error(
    [
      `Cannot run the tests: ${missing.map((item) => `${item.program} (${item.for})`).join(" and ")} not found.`,
      `Install with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages.join(" ")}`,
      "Or point at programs you have: CHROMIUM_PATH=/path/to/chromium-headless-shell (or chromium), REDIS_SERVER_PATH=/path/to/redis-server.",
    ].join("\n"),
  );
  process.exit(1);
}

const apt = (args) =>
  spawnSync("apt-get", args, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  }).status === 0;

for (const item of missing)
  console.log(`Installing ${item.debianPackage} for ${item.for} (apt-get)…`);
const installed =
  apt(["update", "-qq"]) &&
  apt(["install", "-y", "-qq", "--no-install-recommends", ...packages]) &&
  missing.every((item) => starts(item.program));
if (!installed) {
  console.error(
    `Installing ${packages.join(" and ")} failed (above). Install them, or set CHROMIUM_PATH / REDIS_SERVER_PATH, and run the tests again.`,
  );
  process.exit(1);
}
