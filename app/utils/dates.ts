import dayjs from "dayjs";
import "dayjs/locale/fa";
import jalaliday from "jalaliday/dayjs";
import relativeTime from "dayjs/plugin/relativeTime";
import utc from "dayjs/plugin/utc";
import { localizeDigits } from "~/utils/numbers";

/**
 * All dates the portal shows go through here: Gregorian for English, Jalali with Persian digits
 * for Persian. The provider sends ISO dates ("2026-11-22" or "2026-11-22T10:30:00").
 */

dayjs.extend(jalaliday);
dayjs.extend(relativeTime);
dayjs.extend(utc);

function inCalendar(value: string | Date | dayjs.Dayjs, language: string) {
  const date = dayjs(value);
  return language === "fa"
    ? date.calendar("jalali").locale("fa")
    : date.calendar("gregory").locale("en");
}

export type DateStyle = "date" | "long" | "dateTime" | "time";

const patterns: Record<DateStyle, string> = {
  date: "YYYY/MM/DD",
  long: "D MMMM YYYY",
  dateTime: "YYYY/MM/DD HH:mm",
  time: "HH:mm",
};

export function formatDate(value: string | Date, language: string, style: DateStyle = "date") {
  return localizeDigits(inCalendar(value, language).format(patterns[style]), language);
}

/** "3 hours ago", in the user's language. `now` is passed so server and browser agree. */
export function formatTimeAgo(value: string | Date, language: string, now: string | Date) {
  return localizeDigits(inCalendar(value, language).from(dayjs(now)), language);
}

/** Today in both calendars, for the top bar (spec §2 "Top bar"); month names in the user's language. */
export function formatBothCalendars(value: string | Date, language: string) {
  const inCalendarOf = (calendar: "jalali" | "gregory") =>
    localizeDigits(
      dayjs(value)
        .calendar(calendar)
        .locale(language === "fa" ? "fa" : "en")
        .format(patterns.long),
      language,
    );
  return { jalali: inCalendarOf("jalali"), gregorian: inCalendarOf("gregory") };
}
