import { randomUUID } from "node:crypto";
import { createSessionStorage, type Cookie, type SessionData } from "@remix-run/node";
import type { Redis } from "ioredis";
import { orStoreUnavailable } from "~/utils/store-unavailable.server";

/**
 * Session data kept in Redis under `session:<id>`; the cookie holds only the signed id.
 * Redis expires a key with the cookie, so abandoned sessions clean themselves up. While Redis does
 * not answer, every use is a translated 503 (`orStoreUnavailable`).
 */
export function createRedisSessionStorage<Data = SessionData, FlashData = Data>({
  cookie,
  redis,
  fallbackTtlSeconds = 60 * 60 * 12,
}: {
  cookie: Cookie;
  redis: Redis;
  fallbackTtlSeconds?: number;
}) {
  const key = (id: string) => `session:${id}`;
  const ttl = (expires?: Date) =>
    expires ? Math.max(1, Math.round((expires.getTime() - Date.now()) / 1000)) : fallbackTtlSeconds;

  return createSessionStorage<Data, FlashData>({
    cookie,
    async createData(data, expires) {
      const id = randomUUID();
      await orStoreUnavailable(redis.set(key(id), JSON.stringify(data), "EX", ttl(expires)));
      return id;
    },
    async readData(id) {
      const json = await orStoreUnavailable(redis.get(key(id)));
      return json ? JSON.parse(json) : null;
    },
    async updateData(id, data, expires) {
      await orStoreUnavailable(redis.set(key(id), JSON.stringify(data), "EX", ttl(expires)));
    },
    async deleteData(id) {
      await orStoreUnavailable(redis.del(key(id)));
    },
  });
}
