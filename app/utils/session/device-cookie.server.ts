import { randomBytes } from "node:crypto";
import { z } from "zod";
import { userKeyOf } from "~/utils/session/auth.server";
import { portalCookie } from "~/utils/session/cookies.server";
import { cookieSecrets } from "~/utils/runtime/env.server";
import { recordStore } from "~/utils/wizard/draft-store.server";

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in as a user is given a signed cookie naming that user and a random id, and its later
 * attempts for that user are counted on their own budget (`sign-in-throttle.server.ts`), so that
 * failures from elsewhere never lock it out. An office PC shared by several logins holds one
 * entry for each of its last MAX_USERS_PER_DEVICE users. The cookie proves nothing but a past
 * sign-in from this browser: it never stands in for a password.
 *
 * The server knows each user's devices (`devices:<user>` in the record store, by their last
 * sign-in): a cookie counts only while its id is there. A user has at most MAX_DEVICES_PER_USER,
 * and at most NEW_DEVICES_PER_DAY browsers first seen in a day become devices; a new one takes the
 * place of the one least recently signed in from only when that one was last used more than
 * RECENT_DAYS ago, so whoever holds the password cannot push the clerk's own PC off the list by
 * signing in from fresh browsers. A password change forgets them all, so cookies minted by someone
 * who once knew the password stop counting as known the moment it changes.
 */
const DEVICE_DAYS = 180;
const MAX_USERS_PER_DEVICE = 10;
const MAX_DEVICES_PER_USER = 20;
const NEW_DEVICES_PER_DAY = 5;
const RECENT_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

/** Each device: its id, its last sign-in (`at`), oldest first. */
type DeviceRecord = Array<{ id: string; at: number }>;
const devicesKey = (user: string) => `devices:${user}`;
const newDevicesKey = (user: string) => `devices-new:${user}:${Math.floor(Date.now() / DAY_MS)}`;

async function devicesOf(user: string): Promise<DeviceRecord> {
  return (await recordStore.get<DeviceRecord>(devicesKey(user))) ?? [];
}

const deviceCookie = portalCookie("device", {
  secrets: cookieSecrets,
  maxAge: DEVICE_DAYS * 24 * 60 * 60,
});

const knownUsersSchema = z
  .array(z.object({ user: z.string(), device: z.string().regex(/^[0-9a-f]{32}$/) }))
  .max(MAX_USERS_PER_DEVICE);

type KnownUsers = z.infer<typeof knownUsersSchema>;

async function knownUsersOf(request: Request): Promise<KnownUsers> {
  // An unsigned, forged or stale cookie parses as null (Remix checks the signature) or fails here.
  const parsed = knownUsersSchema.safeParse(
    await deviceCookie.parse(request.headers.get("Cookie")),
  );
  return parsed.success ? parsed.data : [];
}

/**
 * The id this browser was given when it signed in as `userName`, while the server still counts it
 * among the user's devices; else null.
 */
export async function knownDeviceOf(request: Request, userName: string) {
  const user = userKeyOf(userName);
  const device = (await knownUsersOf(request)).find((known) => known.user === user)?.device;
  if (!device) return null;
  return (await devicesOf(user)).some((known) => known.id === device) ? device : null;
}

/**
 * The `Set-Cookie` that makes this browser a known device of `userName`, with a new id, which
 * the server records as the user's most recent; null when it may not become one (the day's new
 * devices spent, or every place held by a device used in the last RECENT_DAYS).
 */
export async function rememberDevice(request: Request, userName: string) {
  const user = userKeyOf(userName);
  const cookieUsers = await knownUsersOf(request);
  const previous = cookieUsers.find((known) => known.user === user)?.device;
  const devices = await devicesOf(user);
  let kept = devices.filter((known) => known.id !== previous);
  if (kept.length === devices.length) {
    // A browser first seen.
    if ((await recordStore.increment(newDevicesKey(user), DAY_MS / 1000)) > NEW_DEVICES_PER_DAY)
      return null;
    if (kept.length >= MAX_DEVICES_PER_USER) {
      const leastRecent = kept.reduce((least, known) => (known.at < least.at ? known : least));
      if (Date.now() - leastRecent.at < RECENT_DAYS * DAY_MS) return null;
      kept = kept.filter((known) => known !== leastRecent);
    }
  }
  const device = randomBytes(16).toString("hex");
  await recordStore.set(
    devicesKey(user),
    [...kept, { id: device, at: Date.now() }].sort((one, other) => one.at - other.at),
    DEVICE_DAYS * 24 * 60 * 60,
  );
  const others = cookieUsers.filter((known) => known.user !== user);
  return deviceCookie.serialize([...others, { user, device }].slice(-MAX_USERS_PER_DEVICE));
}

/** After a password change: no browser counts as a known device of `userName` any more. */
export async function forgetDevices(userName: string) {
  const user = userKeyOf(userName);
  // The browser that made the change becomes a device again, whatever the day's count.
  await recordStore.delete(newDevicesKey(user));
  await recordStore.delete(devicesKey(user));
}
