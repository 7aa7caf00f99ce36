import type { AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { requireUserName } from "~/utils/session/auth.server";
import { recordStore } from "~/utils/wizard/draft-store.server";
import { localizeDigits } from "~/utils/format/numbers";
import { env } from "~/utils/runtime/env.server";
import { metrics } from "~/utils/runtime/metrics.server";

/**
 * How often a client or a user may do what costs the provider work or could flood it, generous
 * for a person: counted in the record store (so across instances and restarts) in windows of time.
 */
const LIMITS = {
  /** An agency asks for access once; an office may try a few times in a day. */
  registrationPerClient: { max: 5, windowMinutes: 24 * 60 },
  // A network (an IPv4 /24, an IPv6 /48) holds many clients: twenty agencies a day from one is
  // more than any office or café sends; a crowd of addresses in one range is stopped there.
  registrationPerNetwork: { max: 20, windowMinutes: 24 * 60 },
  notesPerUser: { max: 30, windowMinutes: 10 },
  receiptsPerUser: { max: 20, windowMinutes: 10 },
  ticketsPerUser: { max: 20, windowMinutes: 10 },
  /** Changes of a request (dates, rooms, transportation) and deletions. */
  changesPerUser: { max: 20, windowMinutes: 10 },
  /** Offers shared as links: each is a row in the portal's store. */
  sharedOffersPerUser: { max: 30, windowMinutes: 10 },
  /**
   * Opens of shared offers' pages from one address, which needs no sign-in: a customer opens an
   * offer a few times; a crawl of guessed tokens is stopped here (each guess is also 1 in 2^256).
   */
  offerOpensPerClient: { max: 60, windowMinutes: 10 },
  /** Each change of the agency's e-mail sends a confirmation mail to the address typed. */
  emailChangesPerUser: { max: 5, windowMinutes: 60 },
  /**
   * Calls to the third-party geo and airline services, however made: a suggestion per pause in
   * typing, a place search, a flights step's airports and airlines (up to five); and searches for
   * travellers booked before. A busy clerk makes a few dozen in ten minutes (LOOKUPS_PER_USER).
   */
  lookupsPerUser: { max: env.LOOKUPS_PER_USER, windowMinutes: 10 },
} as const;

export type LimitName = keyof typeof LIMITS;

/**
 * Counts one more of `limit` for `subject` (a user name, a client address, or "all"); null while
 * within the limit, else the minutes until its window ends.
 */
export async function countAgainstLimit(limit: LimitName, subject: string) {
  const { max, windowMinutes } = LIMITS[limit];
  const windowMs = windowMinutes * 60_000;
  const window = Math.floor(Date.now() / windowMs);
  const count = await recordStore.increment(
    `limit:${limit}:${subject.toLowerCase()}:${window}`,
    windowMinutes * 60,
  );
  if (count <= max) return null;
  metrics.rateLimited(limit);
  return minutesLeftOf(limit);
}

/** The minutes until the current window of `limit` ends: the wait of one refused now. */
export function minutesLeftOf(limit: LimitName) {
  const windowMs = LIMITS[limit].windowMinutes * 60_000;
  return Math.max(1, Math.ceil((windowMs - (Date.now() % windowMs)) / 60_000));
}

/**
 * For an action of a signed-in user: counts one more of `limit` for the user, and answers the
 * translated refusal once past it (null while within), for the form to show above what was typed.
 */
export async function userOverLimitMessage(
  request: Request,
  context: AppLoadContext,
  limit: LimitName,
) {
  const minutes = await countAgainstLimit(limit, await requireUserName(request, context));
  if (minutes === null) return null;
  return waitMessage(context.translator(), context.language, "errors.tooManyRequests", minutes);
}

/** A refusal that says how many minutes to wait (`key` takes `count` and `minutes`), in the user's digits. */
export function waitMessage(t: TFunction, language: string, key: string, minutes: number) {
  return t(key, { count: minutes, minutes: localizeDigits(minutes, language) });
}
