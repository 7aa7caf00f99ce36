// Runs the portal with the provider sandbox beside it: `npm start` (the production build under the
// portal's own server) or `npm run dev` (the same server with Vite's dev middleware). Ctrl-C stops both.
// `npm run start:mock-provider` puts a mock provider made from docs/provider-api.openapi.json
// alone (Prism) in the sandbox's place: the portal as a provider's schema makes it.
import { spawn } from "node:child_process";
import { buildIfStale, demoSessionSecret, PORTAL_SERVER } from "./portal-build.mjs";
import { PRISM, prismArguments } from "./mock-provider.mjs";

const mode = ["dev", "mock-provider"].includes(process.argv[2]) ? process.argv[2] : "start";
const sandboxPort = process.env.SANDBOX_PORT ?? "4010";
const providerUrl = process.env.PROVIDER_API_URL ?? `http://127.0.0.1:${sandboxPort}`;
// A demo, or a provider that signs in any name (the mock): for this machine alone unless HOST
// says otherwise.
const host = process.env.HOST ?? "127.0.0.1";

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

if (mode === "mock-provider") {
  run("Mock provider (Prism)", [PRISM, ...prismArguments(sandboxPort)], {});
} else if (!process.env.PROVIDER_API_URL) {
  run("Provider sandbox", ["--import", "tsx", "sandbox/server.ts"], {
    NODE_ENV: "development",
    SANDBOX_PORT: sandboxPort,
  });
}

/**
 * The portal's own store: DATABASE_URL's, or an embedded one under .data/ (scripts/embedded-store.ts,
 * decision 043) that needs no database server: the portal's variables for it, once it is ready and
 * migrated.
 */
async function store() {
  if (process.env.DATABASE_URL) return { DATABASE_URL: process.env.DATABASE_URL };
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/embedded-store.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(`The embedded store stopped (${code}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
  return new Promise((resolve) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const ready = /Embedded store ready: (\S+)/.exec(output);
      // One connection: PGlite is one session, which connections would share (its queue serves
      // one statement at a time anyway).
      if (ready) resolve({ DATABASE_URL: ready[1], DATABASE_POOL_MAX: "1" });
    });
  });
}

if (mode === "dev") {
  run("Portal (dev)", ["--import", "tsx", "server/index.ts"], {
    NODE_ENV: "development",
    HOST: host,
    PROVIDER_API_URL: providerUrl,
    ...(await store()),
  });
} else {
  buildIfStale();
  run("Portal", [PORTAL_SERVER], {
    NODE_ENV: "production",
    HOST: host,
    PROVIDER_API_URL: providerUrl,
    SESSION_SECRET: demoSessionSecret(),
    ...(await store()),
  });
}
