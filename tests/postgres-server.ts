import { spawn, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "../deploy/cluster";
import { migrate } from "../server/migrate";

/**
 * A throwaway PostgreSQL server (Debian's `postgresql`; `npm test` installs it when missing,
 * scripts/test-prerequisites.mjs) on a free loopback port, its data in a temporary folder, with
 * fsync off: what the production path's tests run on. PostgreSQL refuses to run as root: as root,
 * it runs as the `postgres` user the package creates.
 */

/** The folder of Debian's PostgreSQL programs (the newest installed), or POSTGRES_BIN_DIR. */
function postgresBinDir() {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const base = "/usr/lib/postgresql";
  try {
    const newest = readdirSync(base)
      .filter((version) => /^\d+$/.test(version))
      .sort((a, b) => Number(b) - Number(a))[0];
    return newest ? join(base, newest, "bin") : null;
  } catch {
    return null;
  }
}

/** As root, the `postgres` user's ids to run as (the data folder is theirs); else nothing. */
function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) =>
    Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout);
  return { uid: id("-u"), gid: id("-g") };
}

export async function startPostgresServer() {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  const dataDir = mkdtempSync(join(tmpdir(), "portal-pg-"));
  const user = postgresUser();
  if (user.uid !== undefined) chownSync(dataDir, user.uid, user.gid);
  const asOwner = { ...user, cwd: dataDir };
  const initialised = spawnSync(
    join(bin, "initdb"),
    ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"],
    { ...asOwner, encoding: "utf8" },
  );
  if (initialised.status !== 0) throw new Error(`initdb failed: ${initialised.stderr}`);

  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const args = [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-h",
      "127.0.0.1",
      "-k",
      dataDir,
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
    ];
    const child = spawn(join(bin, "postgres"), args, {
      ...asOwner,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let output = "";
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    let ended = false;
    const exited = new Promise((resolve) => child.once("exit", resolve)).then(() => {
      ended = true;
    });
    const ready = await new Promise<boolean>((resolve) => {
      const check = () => {
        if (ended) return resolve(false);
        if (output.includes("ready to accept connections")) return resolve(true);
        setTimeout(check, 50);
      };
      check();
    });
    if (!ready) {
      if (attempt < 3 && /in use/.test(output)) continue;
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`postgres did not start:\n${output}`);
    }
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    return {
      url,
      /** A new database on this server, its migrations applied unless asked not to: its URL. */
      createDatabase: (name: string, options?: { migrated?: boolean }) =>
        createDatabase(url, name, options),
      async stop() {
        child.kill("SIGINT");
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      },
      kill() {
        child.kill("SIGKILL");
        return exited;
      },
    };
  }
}

/**
 * A new database (an empty one in place of any of that name) on the server of `serverUrl`, its
 * migrations applied unless asked not to: its URL.
 */
export async function createDatabase(serverUrl: string, name: string, { migrated = true } = {}) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  if (migrated) await migrate(databaseUrl.href);
  return databaseUrl.href;
}
