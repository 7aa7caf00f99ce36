import type { SubmissionResult } from "@conform-to/react";

/** Dates the server could not read, shown beside their fields as a failed submit's would be. */
export function dateErrorsResult(
  dateErrors: Record<string, string>,
): SubmissionResult<string[]> | undefined {
  const names = Object.keys(dateErrors);
  if (!names.length) return undefined;
  return {
    status: "error",
    error: Object.fromEntries(names.map((name) => [name, [dateErrors[name]]])),
    state: { validated: Object.fromEntries(names.map((name) => [name, true])) },
  };
}
