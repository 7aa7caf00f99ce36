import { data } from "@remix-run/node";
import { AFTER_SUBMIT } from "~/utils/wizard/after-submit";
import { createToastHeaders, redirectWithToast } from "~/utils/session/toast.server";

/**
 * The answer to a successful request or modification submit; the success toast waits for the
 * requests list. A form sent with JS (it carries `enhanced=1`, see `EnhancedInput`) gets `result`:
 * the page says so and moves on to the list a second later. Without JS: a redirect there at once.
 */
export async function submittedResponse<Result>(
  enhanced: boolean,
  message: string,
  result: Result,
) {
  const toast = { type: "success" as const, message, path: AFTER_SUBMIT };
  if (enhanced) return data(result, { headers: await createToastHeaders(toast) });
  throw await redirectWithToast(AFTER_SUBMIT, toast);
}

/** Whether the form was sent by the enhanced (hydrated) page. */
export function isEnhanced(formData: FormData) {
  return formData.get("enhanced") === "1";
}
