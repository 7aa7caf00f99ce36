import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { getTranslator } from "~/utils/i18n.server";
import type { Settled } from "~/utils/settled";
import { describeProviderError, ProviderError } from "~/utils/provider/request.server";

const statusOf: Record<ProviderError["kind"], number> = {
  "bad-request": 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  unavailable: 503,
};

/**
 * For loaders: a provider failure becomes an error response with a translated message, which the
 * route's error boundary shows inside the layout instead of a crash. Other errors pass through.
 */
export async function orProviderErrorPage<T>(request: Request, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const t = await getTranslator(request);
    throw data({ message: describeProviderError(error, t) }, { status: statusOf[error.kind] });
  }
}

/**
 * For form actions: a provider failure becomes a form-level error on the submission, so the page
 * shows it above the form and every value the user typed stays in place.
 */
export async function providerErrorReply(
  request: Request,
  error: unknown,
  submission: {
    reply: (options?: {
      formErrors?: string[];
      hideFields?: string[];
    }) => SubmissionResult<string[]>;
  },
  hideFields?: string[],
) {
  if (!(error instanceof ProviderError)) throw error;
  const t = await getTranslator(request);
  return data(submission.reply({ formErrors: [describeProviderError(error, t)], hideFields }), {
    status: statusOf[error.kind] === 401 ? 400 : statusOf[error.kind],
  });
}

/**
 * For pages made of independent parts: a provider failure becomes that part's translated error,
 * so the rest of the page still renders. A 401 still ends the session (the redirect is thrown).
 */
export async function settle<T>(request: Request, work: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, data: await work };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const t = await getTranslator(request);
    return { ok: false, error: describeProviderError(error, t) };
  }
}
