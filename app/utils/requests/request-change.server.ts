import type { Submission } from "@conform-to/react";
import { switchedLanguage } from "~/utils/forms/language-switch.server";
import { data, type AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { submitted } from "~/utils/wizard/continue.server";
import { requireRequestId } from "~/utils/http/params.server";
import type { TFunction } from "i18next";
import type { ProviderContext } from "~/utils/provider/request.server";
import {
  getRequestPermissions,
  getRequestSummary,
  type RequestChange,
  type RequestPermissions,
  type RequestSummary,
} from "~/utils/provider/reserve-requests.server";
import { requestStateLabel } from "~/utils/requests/request-states";
import type { Settled } from "~/utils/http/settled";
import { CONFIRMED_FIELD, type ChangeConfirmation } from "~/utils/requests/change-confirmation";
import { userOverLimitMessage } from "~/utils/limits/rate-limit.server";
import {
  orProviderErrorPage,
  providerErrorReply,
  settle,
} from "~/utils/http/provider-errors.server";

/**
 * What may be done with a request (the details page's offers, the modify screens, the notes box),
 * and how the modify actions answer.
 */

/** Whether a change is offered and, if not, why (in the user's language, or marked as the provider's words). */
export type ChangeOffer = { allowed: boolean; reason: string | null; checkedByProvider: boolean };
export type OfferedChanges = Record<RequestChange, ChangeOffer>;

const CHANGES: RequestChange[] = ["Dates", "Rooms", "Transportation", "Delete", "Notes"];

/** A request in one of these states is over: nothing about it can change any more. */
const CLOSED_STATES = ["Rejected", "Cancelled", "Refunded", "Settled"];

/**
 * What the portal offers on a request in `state`. The provider is the judge of every change: the
 * portal offers what the request's state allows as far as the portal knows the rules (spec: no
 * notes once Confirmed; nothing on a request that is over), sends it, and shows the provider's
 * refusal. The provider's pre-modify validation, an optional call of the portal's own, refines
 * that when it answers; when it fails or answers in another shape, nothing is taken away.
 */
export function offeredChanges(
  state: string,
  permissions: Settled<RequestPermissions>,
  t: TFunction,
): OfferedChanges {
  const refusedByState = (change: RequestChange) => {
    if (change === "Notes") return state === "Confirmed" ? t("requests:notes.closed") : null;
    return CLOSED_STATES.includes(state)
      ? t("requests:modify.closedState", { state: requestStateLabel(state, t) })
      : null;
  };
  const offer = (change: RequestChange): ChangeOffer => {
    const checkedByProvider = permissions.ok;
    const reason = refusedByState(change);
    if (reason) return { allowed: false, reason, checkedByProvider };
    if (permissions.ok && !permissions.data[change].Allowed)
      return {
        allowed: false,
        reason: providerWords(permissions.data[change].Reason, t),
        checkedByProvider,
      };
    return { allowed: true, reason: null, checkedByProvider };
  };
  return Object.fromEntries(CHANGES.map((change) => [change, offer(change)])) as OfferedChanges;
}

/** The provider's own reason, marked as its words (it may be in another language than the page). */
function providerWords(reason: string | null, t: TFunction) {
  return reason?.trim()
    ? t("requests:modify.providerSays", { reason: reason.trim() })
    : t("requests:modify.providerRefuses");
}

/**
 * The request and what may be done with it, fetched together: for the details page, the modify
 * screens and their actions. The summary's failure is a `ProviderError` for the caller to show: a
 * page fails whole, an action answers beside its form with what was typed.
 */
export async function loadOfferedChanges(
  context: AppLoadContext,
  provider: ProviderContext,
  requestId: number,
) {
  const [summary, permissions] = await Promise.all([
    getRequestSummary(provider, requestId),
    settle(context, getRequestPermissions(provider, requestId)),
  ]);
  return { summary, offered: offeredChanges(summary.State, permissions, context.translator()) };
}

/** What a modify screen starts from: the request, and whether this change is offered. */
export async function loadRequestChange(
  request: Request,
  context: AppLoadContext,
  params: Params,
  change: RequestChange,
) {
  const { provider, requestId } = await requireRequestId(request, context, params);
  const { summary, offered } = await orProviderErrorPage(
    context,
    loadOfferedChanges(context, provider, requestId),
  );
  return { provider, requestId, language: context.language, summary, permission: offered[change] };
}

/** The facts every modify screen shows above its form. */
export function changeFrame(summary: RequestSummary, permission: ChangeOffer) {
  return {
    id: summary.Id,
    number: summary.RequestNumber,
    hotel: summary.HotelName,
    permission,
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
  context,
  formData,
  submission,
  permission,
  send,
  fieldNames,
  confirmFirst,
}: {
  request: Request;
  context: AppLoadContext;
  formData: FormData;
  submission: Submission<Record<string, unknown>, string[], Value>;
  permission: ChangeOffer;
  send: (value: Value) => Promise<Record<string, string[]> | void>;
  fieldNames?: Record<string, string>;
  /**
   * What the clerk must see before the change is sent (a new price), or null when there is
   * nothing new: the form comes back with it, and is sent once posted again with its `key`.
   */
  confirmFirst?: (value: Value) => Promise<ChangeConfirmation | null>;
}) {
  const answer = (
    result: ReturnType<typeof submission.reply>,
    status?: number,
    confirmation: ChangeConfirmation | null = null,
  ) => data({ result, confirmation }, status ? { status } : undefined);
  if (!permission.allowed)
    return answer(submission.reply({ formErrors: [permission.reason ?? ""] }), 403);
  const switched = await switchedLanguage(context, formData, submission.payload);
  if (switched)
    return data({ result: switched.result, confirmation: null }, { headers: switched.headers });
  if (!submission.status) return answer(submission.reply());
  if (submission.status !== "success") return answer(submission.reply(), 400);
  const overLimit = await userOverLimitMessage(request, context, "changesPerUser");
  if (overLimit) return answer(submission.reply({ formErrors: [overLimit] }), 429);
  try {
    const confirmation = await confirmFirst?.(submission.value);
    if (confirmation && formData.get(CONFIRMED_FIELD) !== confirmation.key)
      return answer(submission.reply(), undefined, confirmation);
    const fieldErrors = await send(submission.value);
    if (fieldErrors) return answer(submission.reply({ fieldErrors }), 400);
  } catch (error) {
    const reply = await providerErrorReply(context, error, submission, { fieldNames });
    return data({ result: reply.data, confirmation: null }, reply.init ?? undefined);
  }
  const t = context.translator("requests");
  return submitted({ request, context }, formData, t("modify.done"));
}
