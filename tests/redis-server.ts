import { spawn, spawnSync } from "node:child_process";
import { Redis } from "ioredis";
import { freePort } from "../deploy/cluster";

/**
 * A throwaway redis-server on a free loopback port, for the tests that need the Redis session
 * store. Nothing is saved to disk. `REDIS_SERVER_PATH` names another redis-server than the one on
 * the PATH; `npm test` installs that one when it is missing (scripts/test-prerequisites.mjs).
 */

const redisServer = process.env.REDIS_SERVER_PATH || "redis-server";

export const redisServerInstalled = spawnSync(redisServer, ["--version"]).status === 0;

/**
 * A port can be taken by another process between the finding and the binding: the server then
 * exits at once, and another port is tried.
 */
export async function startRedisServer(): Promise<{
  url: string;
  client: Redis;
  stop: () => Promise<void>;
}> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(
      redisServer,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    let ended = false;
    const exited = new Promise((resolve) => child.once("exit", resolve)).then(() => (ended = true));
    // redis-server takes a moment to listen; the client retries until it does or the server ends.
    const client = new Redis({
      port,
      host: "127.0.0.1",
      retryStrategy: (times) => (ended || times > 50 ? null : 100),
    });
    client.on("error", () => {});
    // Answered by this server, not by another test's that holds the port.
    const ours = client
      .info("server")
      .then((info) => info.includes(`process_id:${child.pid}\r\n`), () => false);
    const answered = await Promise.race([ours, exited.then(() => false)]);
    if (!answered) {
      client.disconnect();
      child.kill();
      if (attempt < 3) continue;
      throw new Error(`redis-server did not start on port ${port}, three times`);
    }
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
}
