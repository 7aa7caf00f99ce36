import { createHash } from "node:crypto";
import { mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { env } from "~/utils/env.server";
import { oneAtATimePerKey } from "~/utils/concurrency.server";
import { redis } from "~/utils/session.server";
import { orStoreUnavailable } from "~/utils/store-unavailable.server";

/**
 * Small JSON records kept in the same store as the sessions (files in SESSION_DIR, or Redis), so
 * they outlive a browser session, a portal restart and, with Redis, a move to another instance.
 * The request wizard keeps its drafts and its submit claims here.
 */
export type RecordStore = {
  get<T>(key: string): Promise<T | null>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Stores `value` only if `key` holds nothing yet; true when this call stored it (atomic). */
  claim(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
};

type Stored = { value: unknown; expiresAt: number };

/**
 * Files in `dir`. Several processes may share it (instances on one machine or one network
 * folder): creating a file with `wx` decides a claim between them, except when two of them
 * replace the same expired record at the same moment, which only Redis rules out.
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
  return {
    get<T>(key: string) {
      return inTurn(key, async () => ((await read(key))?.value as T | undefined) ?? null);
    },
    set(key, value, ttlSeconds) {
      return inTurn(key, async () => {
        await mkdir(dir, { recursive: true });
        // Write then rename: a crash mid-write never leaves half a record.
        const temporary = `${pathOf(key)}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(temporary, encode(value, ttlSeconds));
        await rename(temporary, pathOf(key));
      });
    },
    delete(key) {
      return inTurn(key, () => rm(pathOf(key), { force: true }));
    },
    claim(key, value, ttlSeconds) {
      return inTurn(key, async () => {
        await mkdir(dir, { recursive: true });
        if (await read(key)) return false;
        try {
          // "wx" fails when the file exists: the file system decides who was first.
          const file = await open(pathOf(key), "wx");
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

/** Records as Redis keys; while Redis does not answer, every use is a translated 503. */
export function createRedisRecordStore(client: Redis, prefix = "record:"): RecordStore {
  return {
    async get<T>(key: string) {
      const json = await orStoreUnavailable(client.get(prefix + key));
      return json ? (JSON.parse(json) as T) : null;
    },
    async set(key, value, ttlSeconds) {
      await orStoreUnavailable(client.set(prefix + key, JSON.stringify(value), "EX", ttlSeconds));
    },
    async delete(key) {
      await orStoreUnavailable(client.del(prefix + key));
    },
    async claim(key, value, ttlSeconds) {
      const answer = await orStoreUnavailable(
        client.set(prefix + key, JSON.stringify(value), "EX", ttlSeconds, "NX"),
      );
      return answer === "OK";
    },
  };
}

export const recordStore: RecordStore = redis
  ? createRedisRecordStore(redis)
  : createFileRecordStore(join(env.SESSION_DIR, "records"));
