import { randomBytes } from "node:crypto";
import { z } from "zod";
import { userKeyOf } from "~/utils/session/auth.server";
import { portalCookie } from "~/utils/session/cookies.server";
import { cookieSecrets } from "~/utils/runtime/env.server";

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in as a user is given a signed cookie naming that user and a random id, and its later
 * attempts for that user are counted on their own budget (`sign-in-throttle.server.ts`), so that
 * failures from elsewhere never lock it out. An office PC shared by several logins holds one
 * entry for each of its last MAX_USERS_PER_DEVICE users. The cookie proves nothing but a past
 * sign-in from this browser: it never stands in for a password.
 */
const DEVICE_DAYS = 180;
const MAX_USERS_PER_DEVICE = 10;

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

/** The id this browser was given when it signed in as `userName`, or null. */
export async function knownDeviceOf(request: Request, userName: string) {
  const user = userKeyOf(userName);
  return (await knownUsersOf(request)).find((known) => known.user === user)?.device ?? null;
}

/** The `Set-Cookie` that makes this browser a known device of `userName`, with a new id. */
export async function rememberDevice(request: Request, userName: string) {
  const user = userKeyOf(userName);
  const others = (await knownUsersOf(request)).filter((known) => known.user !== user);
  const device = randomBytes(16).toString("hex");
  return deviceCookie.serialize([...others, { user, device }].slice(-MAX_USERS_PER_DEVICE));
}
