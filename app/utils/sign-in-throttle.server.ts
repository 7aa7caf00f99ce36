import { env } from "~/utils/env.server";
import { recordStore } from "~/utils/draft-store.server";

/**
 * Failed sign-ins, counted per username and per client address in the record store (files or
 * Redis, beside the sessions), so the count holds across restarts and instances. A username (or an
 * address) has SIGNIN_MAX_FAILURES places; each sign-in takes one under both before the provider
 * is asked, through the store's atomic claim, so that attempts sent all at once cannot all pass a
 * check made before any of them had failed. Wrong credentials keep their places for
 * SIGNIN_WINDOW_MINUTES; any other outcome gives them back. With no place left, the sign-in is
 * refused without asking the provider.
 */

type Place = { at: number };

const windowMs = () => env.SIGNIN_WINDOW_MINUTES * 60_000;

/** The client's address, from the header the trusted proxy sets (its last entry); null without one. */
export function clientAddress(request: Request) {
  if (!env.CLIENT_ADDRESS_HEADER) return null;
  const value = request.headers.get(env.CLIENT_ADDRESS_HEADER);
  const last = value?.split(",").at(-1)?.trim();
  return last || null;
}

const userKey = (userName: string) => `signin-failures:user:${userName.trim().toLowerCase()}`;

function keysOf(request: Request, userName: string) {
  const address = clientAddress(request);
  return [userKey(userName), ...(address ? [`signin-failures:address:${address}`] : [])];
}

function placesOf(key: string) {
  return Array.from({ length: env.SIGNIN_MAX_FAILURES }, (_, index) => `${key}:${index}`);
}

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

export type SignInAttempt =
  | { lockedForMinutes: number }
  | {
      lockedForMinutes: null;
      /** Anything but wrong credentials: the places this attempt took are given back. */
      release: () => Promise<void>;
      /** Signed in: the address's place is given back and the username's count cleared. */
      succeed: () => Promise<void>;
    };

/** Takes this sign-in's places, or says for how many minutes there are none. */
export async function startSignInAttempt(
  request: Request,
  userName: string,
): Promise<SignInAttempt> {
  const taken: string[] = [];
  const release = async () => {
    await Promise.all(taken.map((place) => recordStore.delete(place)));
  };
  // In turn, the username's first: a locked username never takes, even for a moment, one of the
  // address's places, which another username's attempt from that address may need.
  for (const key of keysOf(request, userName)) {
    const place = await takePlace(key);
    if (!place) {
      await release();
      return { lockedForMinutes: await minutesUntilFree(key) };
    }
    taken.push(place);
  }
  const succeed = async () => {
    // The username's earlier failures are forgiven; the address's are not (other usernames).
    const usernamePlaces = placesOf(userKey(userName));
    const places = [...usernamePlaces, ...taken.filter((place) => !usernamePlaces.includes(place))];
    await Promise.all(places.map((place) => recordStore.delete(place)));
  };
  return { lockedForMinutes: null, release, succeed };
}
