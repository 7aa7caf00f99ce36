import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

/**
 * `npm run db:migrate` (in the image: `node build/portal-server/migrate.js`): applies the numbered
 * SQL files of db/migrations that the store has not had yet, each in a transaction of its own, in
 * the order of their numbers. Under an advisory lock: two instances starting at once wait for each
 * other, and the second finds nothing left to do. A migration is additive (a table, a column with a
 * default, an index) so that old instances keep working beside new ones in a rolling update.
 */

/** The advisory lock's key: any number, the same for every instance ("portal" in ASCII). */
const MIGRATION_LOCK = 0x706f7274616c;

const MIGRATION_FILE = /^(\d{4})-[a-z0-9-]+\.sql$/;

/**
 * A server that is starting (a compose project's or a pod's first seconds) refuses connections,
 * or answers 57P03 ("starting up"): tried again every second for this long before giving up.
 */
const CONNECT_PATIENCE_MS = 60_000;

const notReadyYet = (error: unknown) => {
  const code = (error as { code?: string }).code ?? "";
  return ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENOENT", "57P03"].includes(code);
};

async function connectWhenReady(databaseUrl: string) {
  const deadline = Date.now() + CONNECT_PATIENCE_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: "migrate" });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      if (!notReadyYet(error) || Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}

export async function migrate(databaseUrl: string, directory = "db/migrations") {
  const files = readdirSync(directory)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort();
  const client = await connectWhenReady(databaseUrl);
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         id text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await client.query<{ id: string }>("SELECT id FROM schema_migrations")).rows.map(
        (row) => row.id,
      ),
    );
    for (const file of files) {
      const id = file.replace(/\.sql$/, "");
      if (done.has(id)) continue;
      await client.query("BEGIN");
      try {
        await client.query(readFileSync(join(directory, file), "utf8"));
        await client.query("INSERT INTO schema_migrations (id) VALUES ($1)", [id]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(id);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
  return applied;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set: name the PostgreSQL server to migrate.");
    process.exit(2);
  }
  migrate(url, process.env.MIGRATIONS_DIR).then(
    (applied) => {
      console.log(applied.length ? `Applied ${applied.join(", ")}.` : "The store is up to date.");
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
