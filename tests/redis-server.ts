import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { Redis } from "ioredis";

/**
 * A throwaway redis-server on a free loopback port, for the tests that need the Redis session
 * store. Nothing is saved to disk. `REDIS_SERVER_PATH` names another redis-server than the one on
 * the PATH; `npm test` installs that one when it is missing (scripts/test-prerequisites.mjs).
 */

const redisServer = process.env.REDIS_SERVER_PATH || "redis-server";

export const redisServerInstalled = spawnSync(redisServer, ["--version"]).status === 0;

function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startRedisServer() {
  const port = await freePort();
  const child = spawn(
    redisServer,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // redis-server takes a moment to listen; the client retries until it does.
  const client = new Redis({
    port,
    host: "127.0.0.1",
    retryStrategy: (times) => (times > 50 ? null : 100),
  });
  client.on("error", () => {});
  await client.ping();
  return {
    url: `redis://127.0.0.1:${port}`,
    client,
    async stop() {
      client.disconnect();
      child.kill();
      await exited;
    },
  };
}
