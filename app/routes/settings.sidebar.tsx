import { safeRedirectPath } from "~/utils/http/http";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readForm } from "~/utils/forms/form-data.server";
import { sidebarCookieHeader } from "~/utils/session/preferences.server";

/**
 * Collapses or expands the side menu without JS: the form posts here and returns to the page.
 * With JS the browser writes the same cookie itself and never posts (side-menu.tsx).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const mode = formData.get("mode") === "mini" ? "mini" : "full";
  return redirect(safeRedirectPath(formData.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": sidebarCookieHeader(mode) },
  });
}
