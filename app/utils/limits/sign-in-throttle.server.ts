import { userKeyOf } from "~/utils/session/auth.server";
import { throttledClientOf, throttledNetworkOf } from "~/utils/limits/client-address.server";
import { env } from "~/utils/runtime/env.server";
import { recordStore } from "~/utils/wizard/draft-store.server";
import { metrics } from "~/utils/runtime/metrics.server";

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
 *   the dozen give no more than one guess each beyond them (and a user has at most 20 devices,
 *   5 new ones a day). With its own places spent, or the shared ones spent and a failure of its
 *   own in the window, it is demoted: an unknown device like any other, and an alert
 *   (`KnownDeviceDemoted`). A device that has not failed keeps its place whatever the others did.
 * - Unknown devices share, for each user name, SIGNIN_USER_MAX_FAILURES places from every address
 *   together (a thousand addresses get a handful of guesses an account), each attempt waiting
 *   SIGNIN_SLOWDOWN_MS for each place taken before its own. The failure that takes the last place
 *   locks the user name for unknown devices, SIGNIN_LOCK_MINUTES the first time and twice as long
 *   each time after within a day, up to SIGNIN_LOCK_MAX_MINUTES, and frees the places for after
 *   the lock: a clerk's five typos cost a minute, a guesser gets fewer guesses every hour. A wrong
 *   current password at a password change counts here too (`countFailedPasswordCheck`).
 * - Each client (its address; an IPv6 one by its /64) has SIGNIN_CLIENT_MAX_FAILURES places,
 *   enough for an office behind one address. Past them an attempt takes one of
 *   SIGNIN_BROWSER_MAX_FAILURES places of its browser (the cookie of its form's security token),
 *   so a browser there that keeps failing is locked out, and a turn in the client's pace: one
 *   attempt every SIGNIN_CLIENT_PACE_MS for all its browsers together, at most
 *   SIGNIN_CLIENT_QUEUE of them waiting for theirs, the rest refused. A script that throws its
 *   cookies away gains nothing by it, nor by sending its attempts at once: the address is bounded
 *   in total (docs/security.md, the table of bounds). Its network (an IPv4 /24, an IPv6 /48) has
 *   SIGNIN_NETWORK_MAX_FAILURES places, past them a turn in the network's pace
 *   (SIGNIN_NETWORK_PACE_MS), so a network's many addresses are bounded together too.
 * - Past SIGNIN_GLOBAL_MAX_FAILURES failures from all clients together in a window, every attempt
 *   from an unknown device waits SIGNIN_SLOWDOWN_MS more: an alarm (`SignInFailuresSpiking`), not
 *   a wall a crowd of guessers could raise against every new browser.
 *
 * Wrong credentials keep their places; any other outcome gives back the places of the attempt.
 */

/** A place taken; a user name's places name the client that took them. */
type Place = { at: number; client?: string };
type Lock = { until: number };

const windowMs = () => env.SIGNIN_WINDOW_MINUTES * 60_000;
/** How long a user name's locks are remembered, each one twice as long as the one before. */
const LOCKS_REMEMBERED_SECONDS = 24 * 60 * 60;
/**
 * A lock counts as an attack on the account (the alert `AccountUnderAttack`) when the failures
 * that set it came from this many clients, or when it is the user name's this-many-th in a day:
 * an office's typos come from one address and stop after a lock or two.
 */
const ATTACK_CLIENTS = 3;
const ATTACK_LOCKS = 3;

const deviceKey = (device: string) => `signin-failures:device:${device}`;
/** Every known device of a user together: a thousand cookies give no more guesses than one. */
const knownDevicesKey = (userName: string) => `signin-failures:known:${userKeyOf(userName)}`;
const clientKey = (client: string) => `signin-failures:client:${client}`;
const networkKey = (network: string) => `signin-failures:network:${network}`;
const browserKey = (browser: string) => `signin-failures:browser:${browser}`;
const userKey = (userName: string) => `signin-failures:user:${userKeyOf(userName)}`;
const userLockKey = (userName: string) => `signin-lock:user:${userKeyOf(userName)}`;
const userLocksKey = (userName: string) => `signin-locks:user:${userKeyOf(userName)}`;
const globalKey = () => `signin-failures:all:${Math.floor(Date.now() / windowMs())}`;

function placesOf(key: string, count: number) {
  return Array.from({ length: count }, (_, index) => `${key}:${index}`);
}

/** The first free place of `key` (of `count`), taken, with its index; null when all are taken. */
async function takePlace(key: string, count: number, client?: string) {
  for (const [index, place] of placesOf(key, count).entries()) {
    const taken = { at: Date.now(), client } satisfies Place;
    if (await recordStore.claim(place, taken, env.SIGNIN_WINDOW_MINUTES * 60))
      return { place, index };
  }
  return null;
}

const minutesUntil = (at: number) => Math.max(1, Math.ceil((at - Date.now()) / 60_000));

/** Minutes until the first of `key`'s places comes free again. */
async function minutesUntilFree(key: string, count: number) {
  const places = await Promise.all(
    placesOf(key, count).map((place) => recordStore.get<Place>(place)),
  );
  const takenAt = places.flatMap((place) => (place ? [place.at] : []));
  // A place freed meanwhile: one minute, the least the message says.
  if (!takenAt.length) return 1;
  return minutesUntil(Math.min(...takenAt) + windowMs());
}

export type SignInAttempt = (
  | { lockedForMinutes: number }
  | {
      lockedForMinutes: null;
      /** Wrong credentials: the places stay taken (an unknown device's count in the budget too). */
      fail: () => Promise<void>;
      /** Anything but wrong credentials: the places this attempt took are given back. */
      release: () => Promise<void>;
      /** Signed in: this attempt's places are given back, and a known device's failures. */
      succeed: () => Promise<void>;
    }
) & {
  /** A known device of the user counted as unknown: its failures, or its user's, spent its places. */
  demotedDevice?: boolean;
};

const releasing = (places: string[]) => () =>
  Promise.all(places.map((place) => recordStore.delete(place))).then(() => {});

/**
 * Takes this attempt's places (after a wait when its user name has failures from unknown devices),
 * or says for how many minutes it may not try. `knownDevice`: the id of the browser's device
 * cookie for this user name, if it has one; `browser`: what tells this browser from others at its
 * address before it signs in (null when nothing does).
 */
export async function startSignInAttempt({
  clientAddress,
  userName,
  knownDevice,
  browser,
}: {
  clientAddress: string;
  userName: string;
  knownDevice: string | null;
  browser: string | null;
}): Promise<SignInAttempt> {
  if (knownDevice) {
    const key = deviceKey(knownDevice);
    const taken = await takePlace(key, env.SIGNIN_DEVICE_MAX_FAILURES);
    // Its own places, and one of the places its user's known devices share; with those spent, a
    // device without a failure of its own in the window stays known: only those that failed are
    // demoted, so one device's guesses never make the clerk's PC unknown.
    const shared =
      taken && (await takePlace(knownDevicesKey(userName), env.SIGNIN_DEVICE_MAX_FAILURES));
    if (taken && (shared || taken.index === 0)) {
      const sharedPlaces = shared ? [shared.place] : [];
      return {
        lockedForMinutes: null,
        fail: async () => {},
        release: releasing([taken.place, ...sharedPlaces]),
        // A device that signs in frees its own places; the shared ones stay, as a user name's do.
        succeed: releasing([...placesOf(key, env.SIGNIN_DEVICE_MAX_FAILURES), ...sharedPlaces]),
      };
    }
    if (taken) await recordStore.delete(taken.place);
    metrics.signInLocked("known_device");
    const attempt = await startUnknownDeviceAttempt(clientAddress, userName, browser);
    return { ...attempt, demotedDevice: true };
  }
  return startUnknownDeviceAttempt(clientAddress, userName, browser);
}

/**
 * A wrong current password at a password change: a failed sign-in of the user name, from an
 * unknown device at `clientAddress` (whoever holds a session may not guess the password there
 * more cheaply than at the sign-in).
 */
export async function countFailedPasswordCheck(userName: string, clientAddress: string) {
  const userPlace = await takePlace(
    userKey(userName),
    env.SIGNIN_USER_MAX_FAILURES,
    throttledClientOf(clientAddress),
  );
  await recordStore.increment(globalKey(), env.SIGNIN_WINDOW_MINUTES * 60);
  if (userPlace?.index === env.SIGNIN_USER_MAX_FAILURES - 1) await lockUserName(userName);
}

async function startUnknownDeviceAttempt(
  clientAddress: string,
  userName: string,
  browser: string | null,
): Promise<SignInAttempt> {
  const client = throttledClientOf(clientAddress);
  const lock = await recordStore.get<Lock>(userLockKey(userName));
  if (lock) return { lockedForMinutes: minutesUntil(lock.until) };
  const [own, failuresEverywhere] = await Promise.all([
    placeAtClient(client, throttledNetworkOf(clientAddress), browser),
    recordStore.get<number>(globalKey()).then((count) => count ?? 0),
  ]);
  if ("lockedForMinutes" in own) return { lockedForMinutes: own.lockedForMinutes };
  let slowdowns = 0;
  if (failuresEverywhere >= env.SIGNIN_GLOBAL_MAX_FAILURES) {
    slowdowns += 1;
    metrics.signInSlowed("all");
  }
  const userPlace = await takePlace(userKey(userName), env.SIGNIN_USER_MAX_FAILURES, client);
  if (!userPlace) {
    // Attempts under way hold every place; the one that fails last sets the lock.
    await releasing(own.places)();
    return { lockedForMinutes: 1 };
  }
  // Looked at again once the place is taken: a lock sets itself before it frees the places, so a
  // place freed by a lock begun meanwhile is never a guess more.
  const lockedMeanwhile = await recordStore.get<Lock>(userLockKey(userName));
  if (lockedMeanwhile) {
    await releasing([...own.places, userPlace.place])();
    return { lockedForMinutes: minutesUntil(lockedMeanwhile.until) };
  }
  // The wait rises with the failures before it: a clerk's first typo costs nothing, a guesser's
  // fifth guess seconds.
  slowdowns += userPlace.index;
  const waitMs = own.turnInMs + slowdowns * env.SIGNIN_SLOWDOWN_MS;
  if (waitMs > 0) await new Promise((done) => setTimeout(done, waitMs));
  const release = releasing([...own.places, userPlace.place]);
  return {
    lockedForMinutes: null,
    async fail() {
      await recordStore.increment(globalKey(), env.SIGNIN_WINDOW_MINUTES * 60);
      if (own.locksBrowserAtFailure) metrics.signInLocked("browser");
      if (userPlace.index === env.SIGNIN_USER_MAX_FAILURES - 1) await lockUserName(userName);
    },
    release,
    // The user name's other failures stay: signing in from one device must not give a guesser
    // elsewhere a new handful.
    succeed: release,
  };
}

/**
 * The attempt's places at its client and its network: one of the client's (past them one of its
 * browser's and a turn in the client's pace) and one of the network's (past them a turn in the
 * network's pace), with the milliseconds until the later turn; or how long it may not try.
 */
async function placeAtClient(
  client: string,
  network: string,
  browser: string | null,
): Promise<
  | { places: string[]; turnInMs: number; locksBrowserAtFailure: boolean }
  | { lockedForMinutes: number }
> {
  const [clientPlace, networkPlace] = await Promise.all([
    takePlace(clientKey(client), env.SIGNIN_CLIENT_MAX_FAILURES),
    takePlace(networkKey(network), env.SIGNIN_NETWORK_MAX_FAILURES),
  ]);
  const places = [clientPlace, networkPlace].flatMap((taken) => (taken ? [taken.place] : []));
  const refused = async (lockedForMinutes: number) => {
    await releasing(places)();
    return { lockedForMinutes };
  };
  let turnInMs = 0;
  let locksBrowserAtFailure = false;
  if (!clientPlace) {
    // The client's budget is spent: its browsers that keep failing are kept out, not the others.
    if (!browser) return refused(env.SIGNIN_WINDOW_MINUTES);
    const key = browserKey(browser);
    const browserPlace = await takePlace(key, env.SIGNIN_BROWSER_MAX_FAILURES);
    if (!browserPlace) return refused(await minutesUntilFree(key, env.SIGNIN_BROWSER_MAX_FAILURES));
    places.push(browserPlace.place);
    const turn = await takeTurn(`client:${client}`, env.SIGNIN_CLIENT_PACE_MS);
    if (turn === null)
      return refused(minutesUntil(Date.now() + queueMs(env.SIGNIN_CLIENT_PACE_MS)));
    metrics.signInSlowed("client");
    turnInMs = turn;
    locksBrowserAtFailure = browserPlace.index === env.SIGNIN_BROWSER_MAX_FAILURES - 1;
  }
  if (!networkPlace) {
    const turn = await takeTurn(`network:${network}`, env.SIGNIN_NETWORK_PACE_MS);
    if (turn === null)
      return refused(minutesUntil(Date.now() + queueMs(env.SIGNIN_NETWORK_PACE_MS)));
    metrics.signInSlowed("network");
    turnInMs = Math.max(turnInMs, turn);
  }
  return { places, turnInMs, locksBrowserAtFailure };
}

/** How far ahead turns are handed out: the current one and SIGNIN_CLIENT_QUEUE more. */
const queueMs = (pace: number) => pace * (env.SIGNIN_CLIENT_QUEUE + 1);

/**
 * A turn in the pace of a client or a network past its budget (`of`): its browsers together get
 * one attempt each `pace` ms, each turn a record claimed once (so instances and parallel attempts
 * never share one), the current one or one of the next SIGNIN_CLIENT_QUEUE. Answers the
 * milliseconds until the turn begins, or null when every one of them is taken.
 */
async function takeTurn(of: string, pace: number) {
  const now = Date.now();
  const current = Math.floor(now / pace);
  const keptSeconds = Math.ceil((queueMs(pace) + pace) / 1000);
  for (let turn = current; turn <= current + env.SIGNIN_CLIENT_QUEUE; turn++)
    if (await recordStore.claim(`signin-pace:${of}:${turn}`, { at: now }, keptSeconds))
      return Math.max(0, turn * pace - now);
  return null;
}

/** Locks `userName` for unknown devices, each lock of the day twice as long as the one before. */
async function lockUserName(userName: string) {
  const places = placesOf(userKey(userName), env.SIGNIN_USER_MAX_FAILURES);
  const [locks, failures] = await Promise.all([
    recordStore.increment(userLocksKey(userName), LOCKS_REMEMBERED_SECONDS),
    Promise.all(places.map((place) => recordStore.get<Place>(place))),
  ]);
  const minutes = Math.min(env.SIGNIN_LOCK_MAX_MINUTES, env.SIGNIN_LOCK_MINUTES * 2 ** (locks - 1));
  await recordStore.set(
    userLockKey(userName),
    { until: Date.now() + minutes * 60_000 },
    minutes * 60,
  );
  // The places are for after the lock.
  await Promise.all(places.map((place) => recordStore.delete(place)));
  const clients = new Set(failures.map((failure) => failure?.client)).size;
  const attacked = clients >= ATTACK_CLIENTS || locks >= ATTACK_LOCKS;
  metrics.signInLocked(attacked ? "user_name_attacked" : "user_name");
  // The operator's answer to the alert is telling the agency: the name is only in the log.
  if (attacked)
    console.warn(
      `Sign-in lock: user name ${JSON.stringify(userName)} locked for new browsers ${minutes} min (lock ${locks} of the day, failures from ${clients} addresses)`,
    );
}
