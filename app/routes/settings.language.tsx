import { safeRedirectPath } from "~/utils/http/http";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readForm } from "~/utils/forms/form-data.server";
import { languageAskedBy } from "~/utils/forms/language-switch.server";
import { languageCookie } from "~/utils/i18n/i18n.server";

/**
 * The language switch posts here (works without JS), then returns to the page it came from. On a
 * page with a form being typed, the buttons post that form instead (`language-switch.server.ts`).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const language = languageAskedBy(formData);
  if (!language) throw new Response("Unsupported language", { status: 400 });
  return redirect(safeRedirectPath(formData.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await languageCookie.serialize(language) },
  });
}
