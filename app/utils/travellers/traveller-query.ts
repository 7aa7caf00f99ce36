/**
 * A traveller's name as a clerk types it to find one booked before, read as meant in the browser
 * (before asking) and on the server alike: bidirectional marks and spaces around it dropped, runs
 * of spaces as one, and the Arabic keyboard's yeh and kaf (ي ك) as the Persian letters (ی ک) the
 * agency types names with. At least two letters, since one matches half the agency; at most
 * TRAVELLER_QUERY_MAX, since no name is longer.
 */
export const TRAVELLER_QUERY_MIN = 2;
export const TRAVELLER_QUERY_MAX = 50;

// LRM, RLM, ALM and the embedding, override and isolate marks: invisible, and never in a name.
const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

export function normalizeTravellerName(text: string) {
  return text
    .normalize("NFC")
    .replace(BIDI_MARKS, "")
    .replace(/\u064a/g, "\u06cc")
    .replace(/\u0643/g, "\u06a9")
    .replace(/\s+/g, " ")
    .trim();
}

/** Why a typed name cannot be looked up (a `wizard:travellers.*` key), or null when it can. */
export function travellerQueryProblem(query: string) {
  const letters = [...query].filter((character) => /\p{L}/u.test(character)).length;
  if (letters < TRAVELLER_QUERY_MIN) return "travellers.tooShort";
  if ([...query].length > TRAVELLER_QUERY_MAX) return "travellers.tooLong";
  return null;
}

/** A traveller found, as the portal shows it and fills a guest's fields with. */
export type TravellerMatch = {
  /** The guest's fields as typed: the birth date in the clerk's calendar. */
  fill: {
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    gender: "Female" | "Male";
    passportNumber: string;
    nationality: string;
  };
  /** What tells travellers of one name apart, written for the clerk. */
  born: string;
  nationality: string;
  passportEnd: string;
  lastStay: { hotelName: string; checkIn: string; requestNumber: string };
};

/** A lookup's answer: the matches, or why there are none to show. */
export type TravellerSearch = { query: string; matches: TravellerMatch[]; message?: string };

/** The name of the field a guest's traveller search is typed in (`guest` is the guest's fieldset). */
export function travellerQueryField(guest: string) {
  return `traveller:${guest}`;
}

/**
 * The name of a guest's "Find a traveller" button without JS: the guest's fieldset after a prefix,
 * no value (a text browser shows a button's value before its label).
 */
export function travellerFindButton(guest: string) {
  return `find-traveller:${guest}`;
}

/** A guest's fieldset in the rooms form: `rooms[0].guests[1]`, `rooms[2].extraBed[0]`. */
export const GUEST_FIELDSET =
  /^rooms\[\d{1,2}\]\.(guests|extraBed|childWithBed|childNoBed)\[\d{1,2}\]$/;
