import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { portalCookie } from "~/utils/session/cookies.server";
import { cookieSecrets } from "~/utils/runtime/env.server";
import { combineHeaders } from "~/utils/http/http";

/**
 * A one-time message for the snackbar, already in the user's language. With `path`, it waits for
 * that page: a submit sets it, and the requests list it leads to shows it (spec §4).
 */
const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error"]),
  message: z.string(),
  path: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;
type NewToast = Omit<Toast, "id">;

const TOAST_KEY = "toast";

const toastStorage = createCookieSessionStorage({
  cookie: portalCookie("toast", { secrets: cookieSecrets }),
});

export async function createToastHeaders(toast: NewToast) {
  const session = await toastStorage.getSession();
  session.flash(TOAST_KEY, { ...toast, id: randomUUID() });
  return new Headers({ "Set-Cookie": await toastStorage.commitSession(session) });
}

export async function redirectWithToast(url: string, toast: NewToast, init?: ResponseInit) {
  return redirect(url, {
    ...init,
    headers: combineHeaders(init?.headers, await createToastHeaders(toast)),
  });
}

/**
 * Reads and clears the pending toast, unless it waits for another page; the caller must send
 * `headers` with its response.
 */
export async function getToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const result = toastSchema.safeParse(session.get(TOAST_KEY));
  if (!result.success || (result.data.path && result.data.path !== new URL(request.url).pathname))
    return { toast: null, headers: null };
  const headers = new Headers({ "Set-Cookie": await toastStorage.destroySession(session) });
  return { toast: result.data, headers };
}
