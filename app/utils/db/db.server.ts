import pg from "pg";
import { z } from "zod";
import { env } from "~/utils/runtime/env.server";
import { metrics } from "~/utils/runtime/metrics.server";
import { onShutdown } from "~/utils/runtime/shutdown.server";

/**
 * The portal's own store (decision 043): PostgreSQL through node-postgres, plain SQL. Each query
 * is declared once (`defineQuery`) with its text, its parameters and a zod schema of its rows, as
 * `defineCall` declares each provider call; `runQuery` is the one way to run one. The portal
 * starts without a database: a page that needs one asks, and says so when there is none.
 */

/** A page that needs the store met none (unset, down, or too slow): the page says so. */
export class StoreUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("The portal's store is unavailable", { cause });
    this.name = "StoreUnavailableError";
  }
}

/**
 * What a page shows without the store: `work`'s outcome, or `fallback` when the store was not
 * there (any other failure is still thrown).
 */
export function unlessStoreUnavailable<T, F>(work: Promise<T>, fallback: F): Promise<T | F> {
  return work.catch((error: unknown) => {
    if (error instanceof StoreUnavailableError) return fallback;
    throw error;
  });
}

// Well inside a page's patience: a store that does not answer is a message, never a hung page.
const CONNECT_TIMEOUT_MS = 2000;
const STATEMENT_TIMEOUT_MS = 5000;

function createPool(url: string) {
  const created = new pg.Pool({
    connectionString: url,
    max: env.DATABASE_POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS + 1000,
    idleTimeoutMillis: 30_000,
    application_name: "agency-portal",
  });
  // A connection the server ends while idle (a restart, a failover) is dropped from the pool; the
  // next query opens another.
  created.on("error", () => {});
  metrics.databasePool(() => ({
    total: created.totalCount,
    idle: created.idleCount,
    waiting: created.waitingCount,
  }));
  return created;
}

const pool = env.DATABASE_URL ? createPool(env.DATABASE_URL) : null;
// Its connections end once the last request was answered.
if (pool) onShutdown(() => pool.end());

/** Whether the portal was given a store at all. */
export const storeConfigured = pool !== null;

type Query<Params extends unknown[], Row extends z.ZodTypeAny> = {
  name: string;
  sql: string;
  params: (...args: Params) => unknown[];
  row: Row;
};

/**
 * One query: its name (metrics, logs), its SQL with $1… placeholders, how its arguments become
 * those parameters, and the schema every row it answers must meet.
 */
export function defineQuery<Params extends unknown[], Row extends z.ZodTypeAny>(
  query: Query<Params, Row>,
) {
  return query;
}

/**
 * A statement the server refused (a constraint, a syntax: its SQLSTATE) is the portal's bug, not an
 * absent store; but for the server going away (class 08), out of resources (53) or shutting down
 * (57), and a table not there yet (42P01: the store is not migrated, as while compose's one-shot
 * migration still runs beside the first portals). Anything else (a connection refused or timed
 * out) is a store not there.
 */
function refusedByTheServer(error: unknown) {
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  return /^[0-9A-Z]{5}$/.test(code) && !/^(08|53|57)/.test(code) && code !== "42P01";
}

/** Runs a declared query; its rows, checked. Throws StoreUnavailableError when the store is not there. */
export async function runQuery<Params extends unknown[], Row extends z.ZodTypeAny>(
  query: Query<Params, Row>,
  ...args: Params
): Promise<z.output<Row>[]> {
  if (!pool) throw new StoreUnavailableError();
  const started = performance.now();
  let result: pg.QueryResult;
  try {
    // Unnamed statements: the embedded store serves every connection from one session, where a
    // named statement of one connection would collide with another's.
    result = await pool.query({ text: query.sql, values: query.params(...args) });
  } catch (error) {
    metrics.databaseQuery(query.name, "error", performance.now() - started);
    if (refusedByTheServer(error)) throw error;
    throw new StoreUnavailableError(error);
  }
  metrics.databaseQuery(query.name, "ok", performance.now() - started);
  return z.array(query.row).parse(result.rows);
}

// Well inside the health checks' own limits, as the provider's and Redis' probes (decision 022).
const PROBE_TIMEOUT_MS = 1000;

/**
 * Whether the store answers and is migrated (its migrations' table is there), for /healthcheck:
 * null when none is configured.
 */
export async function storeReachable(): Promise<boolean | null> {
  if (!pool) return null;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      pool.query("SELECT 1 FROM schema_migrations LIMIT 1").then(() => true),
      timeout,
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
