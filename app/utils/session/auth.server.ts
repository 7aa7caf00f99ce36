import { redirect, type AppLoadContext } from "@remix-run/node";
import { env } from "~/utils/runtime/env.server";
import { countAgainstLimit } from "~/utils/limits/rate-limit.server";
import { newCsrfCookie } from "~/utils/session/csrf.server";
import { combineHeaders, pathWithSearch, safeRedirectPath } from "~/utils/http/http";
import { requestIdOf, traceparentOf } from "~/utils/runtime/request-log.server";
import type { ProviderContext } from "~/utils/provider/request.server";
import { recordStore } from "~/utils/wizard/draft-store.server";
import { sessionStorage, type PortalSession } from "~/utils/session/session.server";
import { createToastHeaders, redirectWithToast } from "~/utils/session/toast.server";

export const LOGIN_PATH = "/auth/login";
export const HOME_PATH = "/dashboard";

function loginUrl(redirectTo?: string) {
  if (!redirectTo || redirectTo === "/" || redirectTo === HOME_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirectTo })}`;
}

/** The token of the signed-in user, or null. Spec §2 guard: only presence is checked. */
async function getToken(context: AppLoadContext) {
  const token = (await context.session()).get("token");
  return typeof token === "string" && token ? token : null;
}

/**
 * The provider context for a signed-in user's request; without a session, a redirect to the login
 * page that returns here afterwards. A 401 from the provider later ends the session the same way.
 */
export async function requireProvider(
  request: Request,
  context: AppLoadContext,
): Promise<ProviderContext> {
  const session = await context.session();
  const token = session.get("token");
  const returnTo = pathWithSearch(request.url);
  if (typeof token !== "string" || !token) throw redirect(loginUrl(returnTo));
  await keepAlive(context, session, returnTo);
  return {
    token,
    signal: request.signal,
    requestId: requestIdOf(request),
    traceparent: traceparentOf(request),
    waits: context.providerWaits,
    onUnauthorized: async () => {
      const t = context.translator();
      throw await endSession(context, loginUrl(returnTo), t("common:errors.sessionExpired"));
    },
    countLookup: async () =>
      (await countAgainstLimit("lookupsPerUser", await requireUserName(request, context))) === null,
  };
}

/** The signed-in user's name, for a route that has already required a session. */
export async function requireUserName(request: Request, context: AppLoadContext) {
  const userName = (await context.session()).get("userName");
  if (typeof userName !== "string" || !userName)
    throw redirect(loginUrl(pathWithSearch(request.url)));
  return userName;
}

/** Writing the last use at most this often keeps a busy session from writing on every request. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * Ends a session unused for SESSION_IDLE_MINUTES, one signed in more than SESSION_MAX_HOURS ago,
 * and one older than its user's last password change (back to the login page, then here); and
 * otherwise notes that it is in use. The session keeps its id: only the stored data changes.
 */
async function keepAlive(context: AppLoadContext, session: PortalSession, returnTo: string) {
  const now = Date.now();
  const lastSeenAt = Number(session.get("lastSeenAt") ?? now);
  const startedAt = Number(session.get("startedAt") ?? 0);
  const validFrom = await recordStore.get<number>(sessionsValidFromKey(session.get("userName")));
  const ended =
    now - lastSeenAt > env.SESSION_IDLE_MINUTES * 60_000
      ? "common:errors.sessionIdle"
      : now - startedAt > env.SESSION_MAX_HOURS * 3_600_000 || startedAt < (validFrom ?? 0)
        ? "common:errors.sessionExpired"
        : null;
  if (ended) throw await endSession(context, loginUrl(returnTo), context.translator()(ended));
  if (now - lastSeenAt >= LAST_SEEN_RESOLUTION_MS || !session.has("lastSeenAt")) {
    session.set("lastSeenAt", now);
    await sessionStorage.commitSession(session);
  }
}

/**
 * A user name as every record keyed by it has it (sessions' start, drafts, sign-in failures,
 * device cookies): the provider takes a user name in any letter case, so "DEMO" and "demo" are one
 * user, one key.
 */
export const userKeyOf = (userName: unknown) => String(userName).trim().toLowerCase();

/** Sessions of `userName` that started before the time kept here are over (a password change). */
const sessionsValidFromKey = (userName: unknown) => `sessions-valid-from:${userKeyOf(userName)}`;

/** Every session of `userName` started before now is over; answers now. */
async function endSessionsOf(userName: unknown) {
  // A millisecond on: a session started in the very millisecond of the change ends too.
  const now = Date.now() + 1;
  await recordStore.set(sessionsValidFromKey(userName), now, env.SESSION_MAX_HOURS * 3600);
  return now;
}

/**
 * "Sign out everywhere": every session of the signed-in user ends, this one too, whoever holds a
 * copy of its cookie or signed in with the password elsewhere.
 */
export async function endEverySession(context: AppLoadContext, message: string) {
  const session = await context.session();
  if (session.has("userName")) await endSessionsOf(session.get("userName"));
  return redirectWithToast(
    LOGIN_PATH,
    { type: "success", message },
    { headers: { "Set-Cookie": await sessionStorage.destroySession(session) } },
  );
}

/**
 * Ends every other session of the signed-in user (a password change: a copied cookie, another
 * browser) and gives this browser a new one, holding `token` (the provider refuses the old one
 * once the password changed), so a session id seen before the change is worth nothing after it.
 * Answers the new session's cookie.
 */
export async function renewSessionAlone(context: AppLoadContext, token: string) {
  const session = await context.session();
  const userName = session.get("userName");
  const now = await endSessionsOf(userName);
  const renewed = await sessionStorage.getSession();
  renewed.set("token", token);
  renewed.set("userName", userName!);
  renewed.set("startedAt", now);
  renewed.set("lastSeenAt", now);
  await sessionStorage.destroySession(session);
  return sessionStorage.commitSession(renewed);
}

/** Context for calls that need no sign-in (login, registration). */
export function anonymousProvider(request: Request, context: AppLoadContext): ProviderContext {
  return {
    signal: request.signal,
    requestId: requestIdOf(request),
    traceparent: traceparentOf(request),
    waits: context.providerWaits,
  };
}

/** Sends a signed-in visitor of a public page (login, register) to the dashboard. */
export async function requireAnonymous(context: AppLoadContext) {
  if (await getToken(context)) throw redirect(HOME_PATH);
}

/** Starts a fresh session (new id, so a planted cookie cannot be reused) and redirects. */
export async function startSession(
  context: AppLoadContext,
  { token, userName, redirectTo }: { token: string; userName: string; redirectTo: string | null },
) {
  const previous = await context.session();
  const destroyed = previous.id ? await sessionStorage.destroySession(previous) : null;
  const session = await sessionStorage.getSession();
  session.set("token", token);
  session.set("userName", userName);
  session.set("startedAt", Date.now());
  session.set("lastSeenAt", Date.now());
  const headers = new Headers();
  if (destroyed) headers.append("Set-Cookie", destroyed);
  headers.append("Set-Cookie", await sessionStorage.commitSession(session));
  headers.append("Set-Cookie", await newCsrfCookie());
  return redirect(safeRedirectPath(redirectTo, HOME_PATH), { headers });
}

/** Destroys the server-side session and redirects, with an optional error snackbar. */
export async function endSession(context: AppLoadContext, to: string, errorMessage?: string) {
  const session = await context.session();
  const headers = combineHeaders(
    { "Set-Cookie": await sessionStorage.destroySession(session) },
    errorMessage ? await createToastHeaders({ type: "error", message: errorMessage }) : null,
  );
  return redirect(to, { headers });
}
