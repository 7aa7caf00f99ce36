import { data, type AppLoadContext } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { Settled } from "~/utils/http/settled";
import { describeProviderError, ProviderError } from "~/utils/provider/request.server";

/** The status a page answers with when its provider call failed so. */
export const statusOf: Record<ProviderError["kind"], number> = {
  "bad-request": 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  unavailable: 503,
  "too-many-lookups": 429,
};

/**
 * For loaders: a provider failure becomes an error response with a translated message, which the
 * route's error boundary shows inside the layout instead of a crash. Other errors pass through.
 */
export async function orProviderErrorPage<T>(
  context: AppLoadContext,
  work: Promise<T>,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw data(
      { message: describeProviderError(error, context.translator()) },
      { status: statusOf[error.kind] },
    );
  }
}

/**
 * For a page that can still show something when one part of it is unavailable (a timeout, a 5xx,
 * an answer it cannot read): that failure comes back as the value, for the page to say so; any
 * other (not found, not the user's) stays an error, for `orProviderErrorPage`.
 */
export async function unlessUnavailable<T>(work: Promise<T>): Promise<T | ProviderError> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ProviderError && error.kind === "unavailable") return error;
    throw error;
  }
}

/**
 * For form actions: a provider failure becomes errors on the submission, so every value the user
 * typed stays in place. An ASP.NET-style 400 names fields (`ModelState`): a message whose field
 * `fieldNames` maps (provider name → form field) shows next to that field, any other above the form.
 */
export async function providerErrorReply(
  context: AppLoadContext,
  error: unknown,
  submission: {
    reply: (options?: {
      formErrors?: string[];
      fieldErrors?: Record<string, string[]>;
      hideFields?: string[];
    }) => SubmissionResult<string[]>;
  },
  {
    hideFields,
    fieldNames = {},
  }: { hideFields?: string[]; fieldNames?: Record<string, string> } = {},
) {
  if (!(error instanceof ProviderError)) throw error;
  const t = context.translator();
  const fieldErrors: Record<string, string[]> = {};
  const unplaced: string[] = [];
  const formFieldOf = (providerField: string) =>
    Object.entries(fieldNames).find(
      ([name]) => name.toLowerCase() === providerField.toLowerCase(),
    )?.[1];
  for (const [providerField, messages] of Object.entries(error.fieldErrors)) {
    const field = formFieldOf(providerField);
    if (field) (fieldErrors[field] ??= []).push(...messages);
    else unplaced.push(...messages);
  }
  // With field messages, the top-level text is ASP.NET's generic "The request is invalid.".
  const hasFieldMessages = Object.keys(error.fieldErrors).length > 0;
  const formErrors = hasFieldMessages ? unplaced : [describeProviderError(error, t)];
  return data(submission.reply({ formErrors, fieldErrors, hideFields }), {
    status: statusOf[error.kind] === 401 ? 400 : statusOf[error.kind],
  });
}

/**
 * For pages made of independent parts: a provider failure becomes that part's translated error,
 * so the rest of the page still renders. A 401 still ends the session (the redirect is thrown).
 */
export async function settle<T>(context: AppLoadContext, work: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, data: await work };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { ok: false, error: describeProviderError(error, context.translator()) };
  }
}
