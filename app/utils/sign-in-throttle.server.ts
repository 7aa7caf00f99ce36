import { env } from "~/utils/env.server";
import { recordStore } from "~/utils/draft-store.server";

/**
 * Failed sign-ins, counted per username and per client address in the record store (files or
 * Redis, beside the sessions), so the count holds across restarts and instances. After
 * SIGNIN_MAX_FAILURES failures within SIGNIN_WINDOW_MINUTES, sign-ins for that username (or from
 * that address) are refused without asking the provider until the window ends.
 */

type Failures = { count: number; firstAt: number };

const windowMs = () => env.SIGNIN_WINDOW_MINUTES * 60_000;

/** The client's address, from the header the trusted proxy sets (its last entry); null without one. */
export function clientAddress(request: Request) {
  if (!env.CLIENT_ADDRESS_HEADER) return null;
  const value = request.headers.get(env.CLIENT_ADDRESS_HEADER);
  const last = value?.split(",").at(-1)?.trim();
  return last || null;
}

function keysOf(request: Request, userName: string) {
  const address = clientAddress(request);
  return [
    `signin-failures:user:${userName.trim().toLowerCase()}`,
    ...(address ? [`signin-failures:address:${address}`] : []),
  ];
}

/** Minutes until a sign-in may be tried again, or null when it may be tried now. */
export async function signInLockedFor(request: Request, userName: string) {
  const now = Date.now();
  const counts = await Promise.all(
    keysOf(request, userName).map((key) => recordStore.get<Failures>(key)),
  );
  const locked = counts.filter(
    (entry): entry is Failures =>
      Boolean(entry) &&
      entry!.count >= env.SIGNIN_MAX_FAILURES &&
      now - entry!.firstAt < windowMs(),
  );
  if (!locked.length) return null;
  const until = Math.max(...locked.map((entry) => entry.firstAt + windowMs()));
  return Math.max(1, Math.ceil((until - now) / 60_000));
}

export async function recordSignInFailure(request: Request, userName: string) {
  const now = Date.now();
  await Promise.all(
    keysOf(request, userName).map(async (key) => {
      const earlier = await recordStore.get<Failures>(key);
      const current =
        earlier && now - earlier.firstAt < windowMs()
          ? { count: earlier.count + 1, firstAt: earlier.firstAt }
          : { count: 1, firstAt: now };
      const ttl = Math.ceil((current.firstAt + windowMs() - now) / 1000);
      await recordStore.set(key, current, Math.max(1, ttl));
    }),
  );
}

/** A successful sign-in clears its username's count (not the address's). */
export async function clearSignInFailures(userName: string) {
  await recordStore.delete(`signin-failures:user:${userName.trim().toLowerCase()}`);
}
