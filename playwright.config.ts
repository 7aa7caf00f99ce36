import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";
import { PORTAL_COMMAND, portalEnv } from "./tests/e2e/portal-env";

/**
 * Browser tests run the production build under remix-serve against the provider sandbox, both
 * started here on free ports. Every test runs twice: with JavaScript off and on.
 * Chromium is Debian's (CHROMIUM_PATH, default /usr/bin/chromium): Playwright cannot download its own here.
 */

function freePort() {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ["-e", script]).toString().trim();
}

// Set once in the main process; workers inherit the environment, so they see the same ports.
process.env.E2E_SANDBOX_PORT ??= freePort();
process.env.E2E_PORTAL_PORT ??= freePort();
const sandboxUrl = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT}`;
const portalUrl = `http://localhost:${process.env.E2E_PORTAL_PORT}`;
process.env.E2E_SANDBOX_URL = sandboxUrl;

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // One sandbox, one state: tests run one at a time (and the machines have 2 cores).
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: { baseURL: portalUrl, trace: "retain-on-failure", locale: "en-GB" },
  projects: [
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
  ],
  webServer: [
    {
      command: "node --import tsx tests/mocks/server.ts",
      url: `${sandboxUrl}/`,
      env: {
        SANDBOX_PORT: process.env.E2E_SANDBOX_PORT,
        SANDBOX_DATA: ".data/e2e/sandbox.json",
        NODE_ENV: "test",
      },
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node ${PORTAL_COMMAND.join(" ")}`,
      url: `${portalUrl}/healthcheck`,
      env: portalEnv(process.env.E2E_PORTAL_PORT, sandboxUrl),
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
