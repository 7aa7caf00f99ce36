import { redirect, type AppLoadContext } from "@remix-run/node";
import { createHash } from "node:crypto";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { portalCookie } from "~/utils/session/cookies.server";
import { cookieSecrets } from "~/utils/runtime/env.server";
import { pathWithSearch, safeRedirectPath } from "~/utils/http/http";
import { redirectWithToast, type Toast } from "~/utils/session/toast.server";

// Many of our users' browsers are too old to honour SameSite, so every mutating form carries a token.
const csrfCookie = portalCookie("csrf", { secrets: cookieSecrets });

export const csrf = new CSRF({ cookie: csrfCookie, formDataKey: "csrf", secret: cookieSecrets[0] });

/**
 * A new token's cookie, for the sign-in's answer: forms of the signed-in session carry a token
 * that no page seen before the sign-in (a shared computer, a planted cookie) ever showed.
 */
export function newCsrfCookie() {
  return csrfCookie.serialize(csrf.generate());
}

/**
 * What tells this browser from others at its address before it signs in (the sign-in throttle):
 * its token's cookie, hashed so that no record holds the token. Null without one.
 */
export async function browserOf(request: Request) {
  const token: unknown = await csrfCookie.parse(request.headers.get("Cookie"));
  if (typeof token !== "string" || !token) return null;
  return createHash("sha256").update(token).digest("hex").slice(0, 32);
}

/** The address parameter that asks the page to say the browser keeps none of the portal's cookies. */
const COOKIES_REFUSED = "cookies";

/**
 * Unless the form's token matches the cookie's, sends the user back to the page the form was on,
 * with a message to send it again (the token can only be stale or forged). A form that came with
 * no cookie at all was sent by a browser that keeps none of the portal's (cookies blocked, or
 * Safari, which keeps no `Secure` cookie over plain HTTP): a message in a cookie would be lost as
 * well, so the page is asked for again with it in its address (`cookiesRefusedToast`).
 */
export async function validateCSRF(formData: FormData, request: Request, context: AppLoadContext) {
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (!(error instanceof CSRFError)) throw error;
    const t = context.translator();
    const referer = request.headers.get("Referer");
    const origin = new URL(request.url).origin;
    const back = referer?.startsWith(`${origin}/`) ? pathWithSearch(referer) : "/";
    if (!request.headers.get("Cookie")) {
      const page = new URL(safeRedirectPath(back, "/"), origin);
      page.searchParams.set(COOKIES_REFUSED, "refused");
      throw redirect(pathWithSearch(page));
    }
    throw await redirectWithToast(safeRedirectPath(back, "/"), {
      type: "error",
      message: t("errors.csrf"),
    });
  }
}

/** The message for a page asked for again because its form came without cookies (above). */
export async function cookiesRefusedToast(
  request: Request,
  context: AppLoadContext,
): Promise<Toast | null> {
  if (new URL(request.url).searchParams.get(COOKIES_REFUSED) !== "refused") return null;
  const t = context.translator();
  return { id: "cookies-refused", type: "error", message: t("errors.cookiesRefused") };
}
