// `npm start`'s store when no DATABASE_URL names one (decision 043): PGlite, PostgreSQL built to
// WebAssembly, its data under .data/store, served on a Unix socket in PostgreSQL's own protocol,
// so the portal's driver code (node-postgres) is the one production runs. The migrations are
// applied before it says it is ready; one connection at a time is served, the rest queue.
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { migrate } from "../server/migrate";

const dataDir = resolve(process.env.EMBEDDED_STORE_DIR ?? ".data/store");
const socketDir = `${dataDir}-socket`;

mkdirSync(socketDir, { recursive: true });
rmSync(`${socketDir}/.s.PGSQL.5432`, { force: true });
const db = await PGlite.create(dataDir);
const server = new PGLiteSocketServer({
  db,
  path: `${socketDir}/.s.PGSQL.5432`,
  maxConnections: 20,
});
await server.start();
/** What the portal is given: the socket's folder as the host, PostgreSQL's way. */
export const url = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
await migrate(url);
console.log(`Embedded store ready: ${url}`);

async function stop() {
  await server.stop();
  await db.close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
