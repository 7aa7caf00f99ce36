import { typedDateFor } from "~/utils/format/date-input";

/** The fields where a clerk types a date, in the calendar of her language. */
const TYPED_DATES = new Set([
  "checkIn",
  "checkOut",
  "dateOfBirth",
  "takeOffDate",
  "landingDate",
  "paymentDate",
]);

/**
 * What a clerk typed, shown again in `language` after a language switch (issue 71): a date is the
 * same day written in the new calendar and digits (1990/05/14 → ۱۳۶۹/۰۲/۲۴), a text that is no
 * date stays as typed for the form to mark, and a password never comes back.
 */
export function typedValuesFor<T>(values: T, language: string): T {
  if (Array.isArray(values)) return values.map((value) => typedValuesFor(value, language)) as T;
  if (!values || typeof values !== "object") return values;
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (/password/i.test(name)) continue;
    kept[name] =
      TYPED_DATES.has(name) && typeof value === "string"
        ? (typedDateFor(value, language) ?? value)
        : typedValuesFor(value, language);
  }
  return kept as T;
}
