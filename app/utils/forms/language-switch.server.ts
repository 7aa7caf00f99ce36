import type { SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import { isLanguage, type Language } from "~/i18n";
import { typedValuesFor } from "~/utils/forms/kept-values";
import { languageCookie } from "~/utils/i18n/i18n.server";

/**
 * A language button pressed in a form a clerk types in (issue 71): before JS, the top bar's
 * buttons belong to the page's form (`form`), and a text browser, which knows no such attribute,
 * has the same buttons inside the form. Either sends the form whole, with `language`.
 */
export function languageAskedBy(formData: FormData): Language | null {
  const asked = formData.get("language");
  return isLanguage(asked) ? asked : null;
}

/**
 * When the form was sent by a language button: the page answered in the language asked for, with
 * what was typed shown again as after a validation error but with no message (dates in the new
 * calendar, never a password). The rest of the request (its loaders, its document) is in the new
 * language, and the cookie keeps it. Null for any other post.
 */
export async function switchedLanguage(
  context: AppLoadContext,
  formData: FormData,
  payload: unknown,
) {
  const language = languageAskedBy(formData);
  if (!language) return null;
  await context.switchLanguage(language);
  const { language: _button, ...typed } = (payload ?? {}) as NonNullable<
    SubmissionResult<string[]>["initialValue"]
  >;
  const result: SubmissionResult<string[]> = { initialValue: typedValuesFor(typed, language) };
  return { result, headers: { "Set-Cookie": await languageCookie.serialize(language) } };
}
