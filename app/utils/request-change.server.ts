import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { isEnhanced, submittedResponse } from "~/utils/after-submit.server";
import { getTranslator, i18nServer } from "~/utils/i18n.server";
import { requireRequestId } from "~/utils/params.server";
import {
  getRequestPermissions,
  getRequestSummary,
  type RequestChange,
  type RequestPermissions,
  type RequestSummary,
} from "~/utils/provider/reserve-requests.server";
import { userOverLimitMessage } from "~/utils/rate-limit.server";
import { orProviderErrorPage, providerErrorReply } from "~/utils/provider-errors.server";

/**
 * The modify screens (dates, rooms, flights): what they start from, and how their actions answer.
 */

/**
 * What a modify screen starts from: the request, and the provider's pre-modify validation of
 * this change (whether it is allowed and, if not, why), fetched together.
 */
export async function loadRequestChange(request: Request, params: Params, change: RequestChange) {
  const { provider, requestId } = await requireRequestId(request, params);
  const [language, summary, permissions] = await Promise.all([
    i18nServer.getLocale(request),
    orProviderErrorPage(request, getRequestSummary(provider, requestId)),
    orProviderErrorPage(request, getRequestPermissions(provider, requestId)),
  ]);
  return { provider, requestId, language, summary, permission: permissions[change] };
}

/** The facts every modify screen shows above its form. */
export function changeFrame(
  summary: RequestSummary,
  permission: RequestPermissions[RequestChange],
) {
  return {
    id: summary.Id,
    number: summary.RequestNumber,
    hotel: summary.HotelName,
    permission: { allowed: permission.Allowed, reason: permission.Reason },
  };
}
export type ChangeFrame = ReturnType<typeof changeFrame>;

/**
 * A modify action's answer, in order: refused when the provider does not allow the change (asked
 * again, whatever the page showed); the form again for a list button without JS or invalid input,
 * values kept; the provider's refusal beside the form; else `send` went through and the user
 * moves on to the requests list. `send` may answer field errors of its own (an unknown airport).
 */
export async function answerChange<Value>({
  request,
  formData,
  submission,
  permission,
  requestNumber,
  send,
  fieldNames,
}: {
  request: Request;
  formData: FormData;
  submission: Submission<Record<string, unknown>, string[], Value>;
  permission: RequestPermissions[RequestChange];
  requestNumber: string;
  send: (value: Value) => Promise<Record<string, string[]> | void>;
  fieldNames?: Record<string, string>;
}) {
  const answer = (result: ReturnType<typeof submission.reply>, status?: number) =>
    data({ result, submitted: null }, status ? { status } : undefined);
  if (!permission.Allowed)
    return answer(submission.reply({ formErrors: [permission.Reason ?? ""] }), 403);
  if (!submission.status) return answer(submission.reply());
  if (submission.status !== "success") return answer(submission.reply(), 400);
  const overLimit = await userOverLimitMessage(request, "changesPerUser");
  if (overLimit) return answer(submission.reply({ formErrors: [overLimit] }), 429);
  try {
    const fieldErrors = await send(submission.value);
    if (fieldErrors) return answer(submission.reply({ fieldErrors }), 400);
  } catch (error) {
    const reply = await providerErrorReply(request, error, submission, { fieldNames });
    return data({ result: reply.data, submitted: null }, reply.init ?? undefined);
  }
  const t = await getTranslator(request, "requests");
  return submittedResponse(isEnhanced(formData), t("modify.done"), {
    result: null,
    submitted: requestNumber,
  });
}
