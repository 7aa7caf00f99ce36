import { createHash } from "node:crypto";
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { env } from "~/utils/runtime/env.server";
import { oneAtATimePerKey } from "~/utils/limits/concurrency.server";
import { metrics } from "~/utils/runtime/metrics.server";
import { connectedReplicas, redis, replicasToWaitFor } from "~/utils/session/redis.server";
import { orStoreUnavailable } from "~/utils/session/store-unavailable.server";

/**
 * Small JSON records (files in SESSION_DIR, or Redis), so they outlive a browser session, a portal
 * restart and, with Redis, a move to another instance: the sessions themselves, the request
 * wizard's drafts and submit claims, the sign-in counters.
 */
export type RecordStore = {
  get<T>(key: string): Promise<T | null>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Stores `value` only if `key` holds nothing yet; true when this call stored it (atomic). */
  claim(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  /**
   * Stores `value` only if `key` holds a record; true when it did. A record deleted meanwhile (a
   * session signed out while a request of it was under way) stays deleted.
   */
  replace(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  /**
   * Adds one to the count kept at `key` (0 when there is none, which then lives `ttlSeconds`) and
   * answers the new count: a counter for a window of time (atomic).
   */
  increment(key: string, ttlSeconds: number): Promise<number>;
};

type Stored = { value: unknown; expiresAt: number };

/** Records hold sessions and passports: only the portal's own user may read them. */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;
/** A temporary file older than this was left by a write that never finished. */
const ABANDONED_WRITE_MS = 60_000;

/**
 * Files in `dir`. Several processes may share it (instances on one machine or one network
 * folder): creating a file with `wx` decides a claim between them, except when two of them
 * replace the same expired record at the same moment, which only Redis rules out. Expired records
 * are removed when read, and by `sweepExpiredRecords` (at start and every hour) when never read.
 */
export function createFileRecordStore(dir: string): RecordStore {
  const pathOf = (key: string) =>
    join(dir, `${createHash("sha256").update(key).digest("hex")}.json`);
  // Removing an expired record and creating its successor are separate steps: interleaved, a
  // claim (or a read) that found the record expired could remove the successor another claim had
  // just created, and both would win. So the operations on one key run one after another.
  const inTurn = oneAtATimePerKey();
  const read = async (key: string): Promise<Stored | null> => {
    try {
      const stored = JSON.parse(await readFile(pathOf(key), "utf8")) as Stored;
      if (stored.expiresAt > Date.now()) return stored;
      await rm(pathOf(key), { force: true });
    } catch {
      // Missing or half-written: nothing there.
    }
    return null;
  };
  const encode = (value: unknown, ttlSeconds: number) =>
    JSON.stringify({ value, expiresAt: Date.now() + ttlSeconds * 1000 } satisfies Stored);
  const write = async (key: string, value: unknown, ttlSeconds: number) => {
    await mkdir(dir, { recursive: true, mode: FOLDER_MODE });
    // Write then rename: a crash mid-write never leaves half a record.
    const temporary = `${pathOf(key)}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, encode(value, ttlSeconds), { mode: FILE_MODE });
    await rename(temporary, pathOf(key));
  };
  return {
    get<T>(key: string) {
      return inTurn(key, async () => ((await read(key))?.value as T | undefined) ?? null);
    },
    set(key, value, ttlSeconds) {
      return inTurn(key, () => write(key, value, ttlSeconds));
    },
    replace(key, value, ttlSeconds) {
      return inTurn(key, async () => {
        if (!(await read(key))) return false;
        await write(key, value, ttlSeconds);
        return true;
      });
    },
    increment(key, ttlSeconds) {
      return inTurn(key, async () => {
        const stored = await read(key);
        const count = Number(stored?.value ?? 0) + 1;
        const secondsLeft = stored ? (stored.expiresAt - Date.now()) / 1000 : ttlSeconds;
        await write(key, count, secondsLeft);
        return count;
      });
    },
    delete(key) {
      return inTurn(key, () => rm(pathOf(key), { force: true }));
    },
    claim(key, value, ttlSeconds) {
      return inTurn(key, async () => {
        await mkdir(dir, { recursive: true, mode: FOLDER_MODE });
        if (await read(key)) return false;
        try {
          // "wx" fails when the file exists: the file system decides who was first.
          const file = await open(pathOf(key), "wx", FILE_MODE);
          await file.writeFile(encode(value, ttlSeconds));
          await file.close();
          return true;
        } catch {
          return false;
        }
      });
    },
  };
}

/**
 * Removes the records of `dir` that have expired (a session nobody came back to, an old draft)
 * and the temporary files of writes that never finished; answers how many it removed.
 */
export async function sweepExpiredRecords(dir: string) {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    try {
      const expired = name.endsWith(".tmp")
        ? (await stat(path)).mtimeMs < Date.now() - ABANDONED_WRITE_MS
        : name.endsWith(".json") &&
          (JSON.parse(await readFile(path, "utf8")) as Stored).expiresAt <= Date.now();
      if (expired) {
        await rm(path, { force: true });
        removed += 1;
      }
    } catch {
      // Being written or removed by another process right now: the next sweep sees it.
    }
  }
  return removed;
}

const UNHELD_FOR_MS = 1000;

/**
 * Records as Redis keys; while Redis does not answer, every use is a translated 503. A write is
 * answered once `replicasToWaitFor` replicas hold it (WAIT), so a primary lost just after it loses
 * nothing the clerk was told was saved; with no replica there, or none in REDIS_REPLICA_WAIT_MS,
 * the write stands on the primary alone and is counted (the alert `SessionStoreUnreplicated`).
 */
export function createRedisRecordStore(client: Redis, prefix = "record:"): RecordStore {
  // After a WAIT that timed out (a replica that hangs rather than leaves), writes do not wait for
  // a second: a hung replica costs one write REDIS_REPLICA_WAIT_MS a second, not every write.
  let unheldUntil = 0;
  async function held() {
    if (replicasToWaitFor === 0) return;
    const replicas =
      Date.now() < unheldUntil ? 0 : Math.min(replicasToWaitFor, await connectedReplicas(client));
    const holding = replicas > 0 ? await client.wait(replicas, env.REDIS_REPLICA_WAIT_MS) : 0;
    if (holding >= replicasToWaitFor) return;
    metrics.storeWriteUnreplicated();
    if (replicas > 0) unheldUntil = Date.now() + UNHELD_FOR_MS;
  }
  /** `write`, answered once replicas hold it when it changed anything. */
  const written = <T>(write: () => Promise<T>, changed: (answer: T) => boolean = () => true) =>
    orStoreUnavailable(async () => {
      const answer = await write();
      if (changed(answer)) await held();
      return answer;
    }, client);
  return {
    async get<T>(key: string) {
      const json = await orStoreUnavailable(() => client.get(prefix + key), client);
      return json ? (JSON.parse(json) as T) : null;
    },
    async set(key, value, ttlSeconds) {
      await written(() => client.set(prefix + key, JSON.stringify(value), "EX", ttlSeconds));
    },
    async delete(key) {
      await written(
        () => client.del(prefix + key),
        (removed) => removed > 0,
      );
    },
    async claim(key, value, ttlSeconds) {
      const answer = await written(
        () => client.set(prefix + key, JSON.stringify(value), "EX", ttlSeconds, "NX"),
        (stored) => stored === "OK",
      );
      return answer === "OK";
    },
    async replace(key, value, ttlSeconds) {
      const answer = await written(
        () => client.set(prefix + key, JSON.stringify(value), "EX", ttlSeconds, "XX"),
        (stored) => stored === "OK",
      );
      return answer === "OK";
    },
    async increment(key, ttlSeconds) {
      const [[, count]] = (await written(() =>
        client
          .multi()
          .incr(prefix + key)
          .expire(prefix + key, ttlSeconds, "NX")
          .exec(),
      )) as [[unknown, number], unknown];
      return count;
    },
  };
}

const RECORDS_DIR = join(env.SESSION_DIR, "records");
const SWEEP_EVERY_MS = 60 * 60_000;

export const recordStore: RecordStore = redis
  ? createRedisRecordStore(redis)
  : createFileRecordStore(RECORDS_DIR);

// Redis expires its keys itself; files are swept at start and every hour after.
if (!redis && env.NODE_ENV !== "test") {
  void sweepExpiredRecords(RECORDS_DIR);
  setInterval(() => void sweepExpiredRecords(RECORDS_DIR), SWEEP_EVERY_MS).unref();
}
