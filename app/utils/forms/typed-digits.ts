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

/** The form as typed, of a form read with Latin digits: what a reply shows again. */
const typedFormOf = new WeakMap<FormData, FormData>();

/** The form with every typed digit Latin, but in the fields kept as typed; files untouched. */
export function withLatinDigits(formData: FormData) {
  const read = new FormData();
  for (const [field, value] of formData.entries())
    read.append(
      field,
      typeof value === "string" && !keptAsTyped(field) ? normalizeDigits(value) : value,
    );
  typedFormOf.set(read, formData);
  return read;
}

/**
 * A submission parsed from a form read with Latin digits shows the values again as the clerk typed
 * them (her digits), when its form comes back with messages: conform's payload is what its reply
 * sends back, and is set here, field by field, where reading changed the text.
 */
export function showAsTyped(payload: unknown, read: FormData) {
  const typed = typedFormOf.get(read);
  if (!typed || !payload || typeof payload !== "object") return;
  for (const [field, value] of typed.entries()) {
    if (typeof value !== "string" || read.getAll(field).length !== 1) continue;
    const asRead = read.get(field);
    if (asRead === value) continue;
    const path = field.match(/[^.[\]]+/g) ?? [];
    let holder = payload as Record<string, unknown>;
    for (const segment of path.slice(0, -1)) {
      const next = holder[segment];
      if (!next || typeof next !== "object") break;
      holder = next as Record<string, unknown>;
    }
    const last = path.at(-1);
    if (last !== undefined && holder[last] === asRead) holder[last] = value;
  }
}

/** A query's values with every typed digit Latin (a list's filters hold no free text). */
export function withLatinDigitsIn(values: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, normalizeDigits(value)]),
  );
}
