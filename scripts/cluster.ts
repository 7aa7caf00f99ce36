// `npm run cluster`: the deployment the README describes, on this machine (decision 022). HAProxy
// (deploy/haproxy.cfg) on PORT (8080) in front of three portal instances sharing one Redis, and the
// provider sandbox behind them (or PROVIDER_API_URL). Installs HAProxy and redis-server when they
// are missing and the machine can; builds the portal when the build is stale. Ctrl-C (or SIGTERM)
// stops everything. Logs: .data/cluster/.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { startCluster, freePort } from "../deploy/cluster";
import { buildIfStale, demoSessionSecret } from "./portal-build.mjs";
import { PROGRAMS, requirePrograms } from "./prerequisites.mjs";

requirePrograms([
  { program: PROGRAMS.haproxy, purpose: "the proxy" },
  { program: PROGRAMS.redis, purpose: "the shared session store" },
]);
buildIfStale();

const dir = ".data/cluster";
rmSync(dir, { recursive: true, force: true });

let sandboxUrl = process.env.PROVIDER_API_URL;
let sandbox: ReturnType<typeof spawn> | null = null;
if (!sandboxUrl) {
  const port = await freePort();
  sandbox = spawn(process.execPath, ["--import", "tsx", "sandbox/server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      SANDBOX_PORT: String(port),
      SANDBOX_DATA: `${dir}/sandbox.json`,
    },
    stdio: "inherit",
  });
  sandboxUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries += 1) {
    if (
      await fetch(`${sandboxUrl}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((done) => setTimeout(done, 100));
  }
}

const cluster = await startCluster({
  sandboxUrl,
  dir,
  sessionSecret: demoSessionSecret(),
  proxyPort: Number(process.env.PORT ?? 8080),
});
console.log(
  [
    `The portal, behind HAProxy: ${cluster.url} (sign in as demo / Demo1234)`,
    `  instances: ${cluster.instances.map((instance) => instance.url).join(", ")}`,
    `  Redis: ${cluster.redis.url}; provider: ${sandboxUrl}; logs: ${dir}/`,
    "Ctrl-C stops them all.",
  ].join("\n"),
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  sandbox?.kill("SIGTERM");
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
