import { createCookie, type CookieOptions } from "@remix-run/node";
import { env } from "~/utils/runtime/env.server";

/**
 * Every cookie of the portal is made here: sent to this host only (no `Domain`), on every path,
 * never readable by scripts, left off cross-site posts (`SameSite=Lax`), and in production
 * `Secure` with the `__Host-` prefix in its name. A browser keeps a `__Host-` cookie only when
 * this very host set it that way over HTTPS, so a sibling subdomain or a page over plain HTTP can
 * neither plant one (a fixed session, a known form token) nor overwrite it.
 */
export function portalCookie(name: string, options: CookieOptions = {}) {
  const secure = env.NODE_ENV === "production";
  return createCookie(secure ? `__Host-${name}` : name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    ...options,
  });
}
