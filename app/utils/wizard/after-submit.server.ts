import { AFTER_SUBMIT } from "~/utils/wizard/after-submit";
import { redirectWithToast } from "~/utils/session/toast.server";

/**
 * The answer to a successful request or modification submit: the requests list at once, with JS
 * and without, where the success toast waits for it (decision 019). The spec's second on the page
 * being left was how its single-page app let the clerk read the message; the list shows it.
 */
export async function submittedResponse(message: string): Promise<never> {
  throw await redirectWithToast(AFTER_SUBMIT, { type: "success", message, path: AFTER_SUBMIT });
}

/** Whether the form was sent by the enhanced (hydrated) page. */
export function isEnhanced(formData: FormData) {
  return formData.get("enhanced") === "1";
}
