import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endEverySession, endSession, LOGIN_PATH } from "~/utils/session/auth.server";
import { readForm } from "~/utils/forms/form-data.server";

/**
 * Sign-out: destroys the server-side session (spec §3 "Session": logout removes the token); with
 * `intent=everywhere`, every session of the user ends (the Change Password page's button).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  if (formData.get("intent") === "everywhere")
    return endEverySession(context, context.translator("account")("signOutEverywhere.done"));
  return endSession(context, LOGIN_PATH);
}

// Someone following an old link: nothing to do here.
export async function loader(_: LoaderFunctionArgs) {
  return redirect(LOGIN_PATH);
}
