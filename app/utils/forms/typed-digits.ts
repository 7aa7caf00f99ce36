import { normalizeDigits } from "~/utils/format/numbers";

/**
 * What a clerk types is read as meant: digits from a Persian (۰–۹) or an Arabic (٠–٩) keyboard are
 * digits. Every value the server reads from a form (`readForm`, `readUploadForm`) or a list's query
 * (`readListQuery`) passes here once, so no schema needs to know. Kept as typed: passwords (a
 * password is what it is, digit for digit) and free text sent to the provider as the clerk's own
 * words (a note, a ticket, the request's description, an address).
 */
const KEPT_AS_TYPED = new Set([
  "content",
  "message",
  "subject",
  "description",
  "address",
  "agencyName",
  "managerFirstName",
  "managerLastName",
  "city",
  "sendersName",
]);

/** A field's own name: `rooms[0].guests[1].passportNumber` is a `passportNumber`. */
const ownName = (field: string) => field.split(/[.\]]/).filter(Boolean).at(-1) ?? field;

function keptAsTyped(field: string) {
  const name = ownName(field);
  return /password/i.test(name) || KEPT_AS_TYPED.has(name);
}

/** The form with every typed digit Latin, but in the fields kept as typed; files untouched. */
export function withLatinDigits(formData: FormData) {
  const read = new FormData();
  for (const [field, value] of formData.entries())
    read.append(
      field,
      typeof value === "string" && !keptAsTyped(field) ? normalizeDigits(value) : value,
    );
  return read;
}

/** A query's values with every typed digit Latin (a list's filters hold no free text). */
export function withLatinDigitsIn(values: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, normalizeDigits(value)]),
  );
}
