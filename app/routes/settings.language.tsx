import { safeRedirectPath } from "~/utils/http/http";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isLanguage } from "~/i18n";
import { readForm } from "~/utils/forms/form-data.server";
import { languageCookie } from "~/utils/i18n/i18n.server";

/** The language switch posts here (works without JS), then returns to the page it came from. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const language = formData.get("language");
  if (!isLanguage(language)) throw new Response("Unsupported language", { status: 400 });
  return redirect(safeRedirectPath(formData.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await languageCookie.serialize(language) },
  });
}
