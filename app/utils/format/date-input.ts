import dayjs from "dayjs";
import jalaliday from "jalaliday/dayjs";
import { localizeDigits, normalizeDigits } from "~/utils/format/numbers";

/**
 * Dates people type: in their calendar (Jalali for Persian, Gregorian for English), as
 * YYYY/MM/DD or YYYY-MM-DD, in Latin, Persian or Arabic-Indic digits. Used by the form schemas on
 * both sides, so it stays this small.
 */

dayjs.extend(jalaliday);

const TYPED_DATE = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/;

/** The ISO (Gregorian) date a person typed, or null when it is not a real date of their calendar. */
export function parseDateInput(text: string, language: string): string | null {
  const match = normalizeDigits(text.trim()).match(TYPED_DATE);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const calendar = language === "fa" ? "jalali" : "gregory";
  const typed = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const date = dayjs(typed, { jalali: calendar === "jalali" });
  if (!date.isValid()) return null;
  // Parsing rolls an impossible day over (Feb 30 → Mar 2): only a date that reads back is real.
  const back = date.calendar(calendar);
  if (back.year() !== year || back.month() + 1 !== month || back.date() !== day) return null;
  return date.calendar("gregory").format("YYYY-MM-DD");
}

/**
 * The calendar a typed date is written in, by its year: a year before 1700 is a Jalali one (no
 * stay, birth or payment of the portal's is that old in the Gregorian calendar, none that far on
 * in the Jalali one). Null when no year can be read.
 */
export function calendarOfTypedDate(text: string) {
  const year = Number(normalizeDigits(text).match(/^\s*(\d{4})/)?.[1]);
  if (!year) return null;
  return year < 1700 ? "fa" : "en";
}

/**
 * A typed date written again for `language`: the same day in its calendar and digits. Null when
 * the text is no date of the calendar it is written in (it stays as typed, for the form to mark).
 */
export function typedDateFor(text: string, language: string) {
  const writtenIn = calendarOfTypedDate(text);
  if (!writtenIn) return null;
  const iso = parseDateInput(text, writtenIn);
  return iso ? formatDateInput(iso, language) : null;
}

/** An ISO date as the person would type it, in their calendar and digits. */
export function formatDateInput(iso: string, language: string) {
  const date = dayjs(iso);
  if (!date.isValid()) return iso;
  const calendar = language === "fa" ? "jalali" : "gregory";
  return localizeDigits(date.calendar(calendar).format("YYYY/MM/DD"), language);
}

/** An example date in the person's calendar and digits, for a date field's placeholder. */
export function exampleDateInput(language: string) {
  return formatDateInput("2026-12-09", language);
}

/** Whole years between a birthday and a day (ISO dates): the age that counts at check-in. */
export function ageOn(birthday: string, day: string) {
  const [by, bm, bd] = birthday.split("-").map(Number);
  const [y, m, d] = day.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
