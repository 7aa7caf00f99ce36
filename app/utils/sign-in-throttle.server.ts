import { throttledClientOf } from "~/utils/client-address.server";
import { env } from "~/utils/env.server";
import { recordStore } from "~/utils/draft-store.server";

/**
 * Failed sign-ins (and wrong current passwords in a password change), counted in the record store
 * (files or Redis, beside the sessions), so the counts hold across restarts and instances.
 *
 * - A client (its address: the socket's, or the trusted proxy's header; an IPv6 one by its /64)
 *   has SIGNIN_MAX_FAILURES places; each attempt takes one before the provider is asked, through
 *   the store's atomic claim, so that attempts sent all at once cannot all pass a check made before
 *   any of them had failed (decision 015). Without a place left, the client is refused without
 *   asking the provider.
 * - A username counts its failures the same way, from every client, but a username under attack
 *   is only slowed (each attempt waits SIGNIN_SLOWDOWN_MS), never locked: whoever knows a username
 *   must not be able to keep its agency out. The right password from a client that is not failing
 *   gets in.
 * - Past SIGNIN_GLOBAL_MAX_FAILURES failures in a window, from all clients together, only clients
 *   without a failure of their own may try: a crowd of addresses cannot use the portal to guess.
 *
 * Wrong credentials keep their places for SIGNIN_WINDOW_MINUTES; any other outcome gives them back.
 */

type Place = { at: number };

const windowMs = () => env.SIGNIN_WINDOW_MINUTES * 60_000;

const clientKey = (clientAddress: string) =>
  `signin-failures:client:${throttledClientOf(clientAddress)}`;
const userKey = (userName: string) => `signin-failures:user:${userName.trim().toLowerCase()}`;
const globalKey = () => `signin-failures:all:${Math.floor(Date.now() / windowMs())}`;

function placesOf(key: string) {
  return Array.from({ length: env.SIGNIN_MAX_FAILURES }, (_, index) => `${key}:${index}`);
}

/** The first free place of `key`, taken; null when all are taken. */
async function takePlace(key: string) {
  for (const place of placesOf(key)) {
    const taken = { at: Date.now() } satisfies Place;
    if (await recordStore.claim(place, taken, env.SIGNIN_WINDOW_MINUTES * 60)) return place;
  }
  return null;
}

/** Minutes until the first of `key`'s places comes free again. */
async function minutesUntilFree(key: string) {
  const places = await Promise.all(placesOf(key).map((place) => recordStore.get<Place>(place)));
  const takenAt = places.flatMap((place) => (place ? [place.at] : []));
  // A place freed meanwhile: one minute, the least the message says.
  if (!takenAt.length) return 1;
  return Math.max(1, Math.ceil((Math.min(...takenAt) + windowMs() - Date.now()) / 60_000));
}

const minutesLeftInWindow = () =>
  Math.max(1, Math.ceil((windowMs() - (Date.now() % windowMs())) / 60_000));

export type SignInAttempt =
  | { lockedForMinutes: number }
  | {
      lockedForMinutes: null;
      /** Wrong credentials: the places stay taken, and the failure counts towards the budget. */
      fail: () => Promise<void>;
      /** Anything but wrong credentials: the places this attempt took are given back. */
      release: () => Promise<void>;
      /** Signed in: the client's place is given back and the username's failures forgiven. */
      succeed: () => Promise<void>;
    };

/**
 * Takes this attempt's places (after a wait when its username is under attack), or says for how
 * many minutes its client may not try.
 */
export async function startSignInAttempt(
  clientAddress: string,
  userName: string,
): Promise<SignInAttempt> {
  const [clientPlace, failuresEverywhere] = await Promise.all([
    takePlace(clientKey(clientAddress)),
    recordStore.get<number>(globalKey()).then((count) => count ?? 0),
  ]);
  if (!clientPlace) return { lockedForMinutes: await minutesUntilFree(clientKey(clientAddress)) };
  const clientHasFailed = !clientPlace.endsWith(":0");
  if (clientHasFailed && failuresEverywhere >= env.SIGNIN_GLOBAL_MAX_FAILURES) {
    await recordStore.delete(clientPlace);
    return { lockedForMinutes: minutesLeftInWindow() };
  }
  const userPlace = await takePlace(userKey(userName));
  if (!userPlace) await new Promise((done) => setTimeout(done, env.SIGNIN_SLOWDOWN_MS));
  const taken = [clientPlace, ...(userPlace ? [userPlace] : [])];
  return {
    lockedForMinutes: null,
    async fail() {
      await recordStore.increment(globalKey(), env.SIGNIN_WINDOW_MINUTES * 60);
    },
    async release() {
      await Promise.all(taken.map((place) => recordStore.delete(place)));
    },
    async succeed() {
      // The username's earlier failures are forgiven; the client's others are not (other names).
      const places = [...placesOf(userKey(userName)), clientPlace];
      await Promise.all(places.map((place) => recordStore.delete(place)));
    },
  };
}
