import { randomBytes } from "node:crypto";
import { createSessionStorage, type Cookie } from "@remix-run/node";
import { portalCookie } from "~/utils/session/cookies.server";
import { cookieSecrets, env } from "~/utils/runtime/env.server";
import { recordStore, type RecordStore } from "~/utils/wizard/draft-store.server";

/** What the portal keeps for a signed-in user. The provider token never leaves the server. */
export type SessionData = {
  token: string;
  userName: string;
  /** When the user signed in (ms since the epoch): a session ends SESSION_MAX_HOURS after it. */
  startedAt: number;
  /** When the session was last used (ms since the epoch): idle sessions end (SESSION_IDLE_MINUTES). */
  lastSeenAt: number;
  /** The user's agency at the provider, kept after the first ask (`requireAgencyId`). */
  agencyId: number;
};

/** What a session holds for the next page only. */
type SessionFlashData = {
  /** The link of an offer just shared: shown once, since only its token's hash is stored. */
  sharedOfferLink: string;
};

const sessionMaxAgeSeconds = env.SESSION_MAX_HOURS * 60 * 60;

const sessionCookie = portalCookie("session", {
  secrets: cookieSecrets,
  maxAge: sessionMaxAgeSeconds,
});

/**
 * Sessions as records (`session:<id>`) of the record store: files in SESSION_DIR or Redis keys,
 * beside the drafts, so they share its atomic claims and its lock per key. The cookie holds only
 * the signed id: 256 random bits. A record lives until the session's absolute end (its sign-in
 * plus SESSION_MAX_HOURS), however often it is used; a write of a session that was deleted
 * meanwhile (signed out while one of its requests was under way) writes nothing.
 */
export function createRecordSessionStorage({
  cookie,
  store,
  maxAgeSeconds,
}: {
  cookie: Cookie;
  store: RecordStore;
  maxAgeSeconds: number;
}) {
  const key = (id: string) => `session:${id}`;
  const secondsLeft = (data: Partial<SessionData>) => {
    const startedAt = typeof data.startedAt === "number" ? data.startedAt : Date.now();
    return Math.max(1, Math.round((startedAt + maxAgeSeconds * 1000 - Date.now()) / 1000));
  };
  return createSessionStorage<SessionData, SessionFlashData>({
    cookie,
    async createData(data) {
      for (;;) {
        const id = randomBytes(32).toString("base64url");
        if (await store.claim(key(id), data, secondsLeft(data))) return id;
      }
    },
    readData(id) {
      return store.get<SessionData>(key(id));
    },
    async updateData(id, data) {
      await store.replace(key(id), data, secondsLeft(data));
    },
    deleteData(id) {
      return store.delete(key(id));
    },
  });
}

export const sessionStorage = createRecordSessionStorage({
  cookie: sessionCookie,
  store: recordStore,
  maxAgeSeconds: sessionMaxAgeSeconds,
});

export type PortalSession = Awaited<ReturnType<typeof sessionStorage.getSession>>;
