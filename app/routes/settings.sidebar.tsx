import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { safeRedirect } from "remix-utils/safe-redirect";
import { validateCSRF } from "~/utils/csrf.server";
import { sidebarCookie } from "~/utils/preferences.server";

/**
 * Collapses or expands the side menu. Without JS the form posts and returns to the page;
 * with JS a fetcher posts and the menu changes at once (optimistic UI in side-menu.tsx).
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  await validateCSRF(formData, request);
  const mode = formData.get("mode") === "mini" ? "mini" : "full";
  const headers = { "Set-Cookie": await sidebarCookie.serialize(mode) };
  if (formData.get("redirectTo")) {
    return redirect(safeRedirect(formData.get("redirectTo"), "/"), { headers });
  }
  return data({ mode }, { headers });
}
