import { userKeyOf } from "~/utils/session/auth.server";
import { throttledClientOf } from "~/utils/limits/client-address.server";
import { env } from "~/utils/runtime/env.server";
import { recordStore } from "~/utils/wizard/draft-store.server";

/**
 * Failed sign-ins, counted in the record store
 * (files or Redis, beside the sessions), so the counts hold across restarts and instances; the
 * design is OWASP's for exactly this, device cookies (decision 031).
 *
 * Every count is a key with a number of places; an attempt takes its places before the provider is
 * asked, through the store's atomic claim, so attempts sent all at once cannot all pass a check
 * made before any of them had failed (decision 015). Without a place, the attempt is refused
 * without asking the provider. A place frees SIGNIN_WINDOW_MINUTES after it was taken.
 *
 * - A known device (a browser that signed in as this user before, and that the server still
 *   counts among the user's devices: `device-cookie.server.ts`) has SIGNIN_DEVICE_MAX_FAILURES
 *   places of its own for the user, and nothing from an unknown device counts against it: an
 *   attacker elsewhere never locks a clerk out of her own PC. Each of its failures also takes one
 *   of SIGNIN_DEVICE_MAX_FAILURES places all the user's known devices share, so cookies minted by
 *   the dozen give no more guesses than one. With either spent, it is an unknown device like any
 *   other.
 * - Unknown devices share, for each user name, SIGNIN_USER_MAX_FAILURES places from every address
 *   together (a thousand addresses get a handful of guesses an account), each attempt waiting
 *   SIGNIN_SLOWDOWN_MS for each place taken before its own; and for each client (its address; an
 *   IPv6 one by its /64) SIGNIN_CLIENT_MAX_FAILURES places, enough for an office behind one
 *   address. Past SIGNIN_GLOBAL_MAX_FAILURES failures from all clients together in a window, a
 *   client with a failure of its own may not try from an unknown device.
 *
 * Wrong credentials keep their places; any other outcome gives back the places of the attempt.
 */

type Place = { at: number };

const windowMs = () => env.SIGNIN_WINDOW_MINUTES * 60_000;

const deviceKey = (device: string) => `signin-failures:device:${device}`;
/** Every known device of a user together: a thousand cookies give no more guesses than one. */
const knownDevicesKey = (userName: string) => `signin-failures:known:${userKeyOf(userName)}`;
const clientKey = (clientAddress: string) =>
  `signin-failures:client:${throttledClientOf(clientAddress)}`;
const userKey = (userName: string) => `signin-failures:user:${userKeyOf(userName)}`;
const globalKey = () => `signin-failures:all:${Math.floor(Date.now() / windowMs())}`;

function placesOf(key: string, count: number) {
  return Array.from({ length: count }, (_, index) => `${key}:${index}`);
}

/** The first free place of `key` (of `count`), taken, with its index; null when all are taken. */
async function takePlace(key: string, count: number) {
  for (const [index, place] of placesOf(key, count).entries()) {
    const taken = { at: Date.now() } satisfies Place;
    if (await recordStore.claim(place, taken, env.SIGNIN_WINDOW_MINUTES * 60))
      return { place, index };
  }
  return null;
}

/** Minutes until the first of `key`'s places comes free again. */
async function minutesUntilFree(key: string, count: number) {
  const places = await Promise.all(
    placesOf(key, count).map((place) => recordStore.get<Place>(place)),
  );
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
      /** Wrong credentials: the places stay taken (an unknown device's count in the budget too). */
      fail: () => Promise<void>;
      /** Anything but wrong credentials: the places this attempt took are given back. */
      release: () => Promise<void>;
      /** Signed in: this attempt's places are given back, and a known device's failures. */
      succeed: () => Promise<void>;
    };

const releasing = (places: string[]) => () =>
  Promise.all(places.map((place) => recordStore.delete(place))).then(() => {});

/**
 * Takes this attempt's places (after a wait when its user name has failures from unknown devices),
 * or says for how many minutes it may not try. `knownDevice`: the id of the browser's device
 * cookie for this user name, if it has one.
 */
export async function startSignInAttempt({
  clientAddress,
  userName,
  knownDevice,
}: {
  clientAddress: string;
  userName: string;
  knownDevice: string | null;
}): Promise<SignInAttempt> {
  if (knownDevice) {
    const key = deviceKey(knownDevice);
    const taken = await takePlace(key, env.SIGNIN_DEVICE_MAX_FAILURES);
    // Its own places, and one of the places its user's known devices share.
    const shared =
      taken && (await takePlace(knownDevicesKey(userName), env.SIGNIN_DEVICE_MAX_FAILURES));
    if (taken && shared) {
      const release = releasing([taken.place, shared.place]);
      return {
        lockedForMinutes: null,
        fail: async () => {},
        release,
        // A device that signs in frees its own places; the shared ones stay, as a user name's do.
        succeed: releasing([...placesOf(key, env.SIGNIN_DEVICE_MAX_FAILURES), shared.place]),
      };
    }
    if (taken) await recordStore.delete(taken.place);
  }
  return startUnknownDeviceAttempt(clientAddress, userName);
}

async function startUnknownDeviceAttempt(
  clientAddress: string,
  userName: string,
): Promise<SignInAttempt> {
  const client = clientKey(clientAddress);
  const [clientPlace, failuresEverywhere] = await Promise.all([
    takePlace(client, env.SIGNIN_CLIENT_MAX_FAILURES),
    recordStore.get<number>(globalKey()).then((count) => count ?? 0),
  ]);
  if (!clientPlace)
    return { lockedForMinutes: await minutesUntilFree(client, env.SIGNIN_CLIENT_MAX_FAILURES) };
  const clientHasFailed = clientPlace.index > 0;
  if (clientHasFailed && failuresEverywhere >= env.SIGNIN_GLOBAL_MAX_FAILURES) {
    await recordStore.delete(clientPlace.place);
    return { lockedForMinutes: minutesLeftInWindow() };
  }
  const user = userKey(userName);
  const userPlace = await takePlace(user, env.SIGNIN_USER_MAX_FAILURES);
  if (!userPlace) {
    await recordStore.delete(clientPlace.place);
    return { lockedForMinutes: await minutesUntilFree(user, env.SIGNIN_USER_MAX_FAILURES) };
  }
  // The wait rises with the failures before it: a clerk's first typo costs nothing, a guesser's
  // fifth guess seconds.
  if (userPlace.index > 0)
    await new Promise((done) => setTimeout(done, userPlace.index * env.SIGNIN_SLOWDOWN_MS));
  const release = releasing([clientPlace.place, userPlace.place]);
  return {
    lockedForMinutes: null,
    async fail() {
      await recordStore.increment(globalKey(), env.SIGNIN_WINDOW_MINUTES * 60);
    },
    release,
    // The user name's other failures stay: signing in from one device must not give a guesser
    // elsewhere a new handful.
    succeed: release,
  };
}
