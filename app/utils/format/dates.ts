import dayjs from "dayjs";
import "dayjs/locale/fa";
import jalaliday from "jalaliday/dayjs";
import relativeTime from "dayjs/plugin/relativeTime";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { localizeDigits } from "~/utils/format/numbers";

/**
 * All dates the portal shows go through here: Gregorian for English, Jalali with Persian digits
 * for Persian. The provider sends ISO dates ("2026-11-22" or "2026-11-22T10:30:00"), date-times as
 * the wall clock of its own time zone (PROVIDER_TIME_ZONE); they are shown as written. An instant
 * of the portal's own (now) is first turned into that zone's wall clock, so the server's zone
 * never matters.
 */

dayjs.extend(jalaliday);
dayjs.extend(relativeTime);
dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * One formatter per time zone, made once: dayjs's `.tz()` goes through `toLocaleString`, which
 * builds a new one on every call (about 0.6 ms, twice on every signed-in page).
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as the wall clock of `timeZone`, the form the provider writes. */
export function wallClockIn(instant: Date, timeZone: string) {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/** A provider date-time (wall clock of `timeZone`) as the instant it names. */
export function instantOf(wallClock: string, timeZone: string) {
  return dayjs.tz(wallClock, timeZone).toDate();
}

function inCalendar(value: string | Date, language: string) {
  const date = dayjs(value);
  return language === "fa"
    ? date.calendar("jalali").locale("fa")
    : date.calendar("gregory").locale("en");
}

export type DateStyle = "date" | "long" | "longDateTime" | "dateTime" | "time" | "year";

const patterns: Record<DateStyle, string> = {
  year: "YYYY",
  date: "YYYY/MM/DD",
  long: "D MMMM YYYY",
  longDateTime: "D MMMM YYYY, HH:mm",
  dateTime: "YYYY/MM/DD HH:mm",
  time: "HH:mm",
};

/** A provider date or date-time (wall clock), in the user's calendar. */
export function formatDate(value: string, language: string, style: DateStyle = "date") {
  return localizeDigits(inCalendar(value, language).format(patterns[style]), language);
}

/** "3 hours ago", in the user's language: a provider date-time in `timeZone`, against `now`. */
export function formatTimeAgo(value: string, language: string, now: Date, timeZone: string) {
  return localizeDigits(
    inCalendar(instantOf(value, timeZone), language).from(dayjs(now)),
    language,
  );
}

/**
 * A date in both calendars, month names in the user's language: today in the top bar (spec §2),
 * and a payment deadline nobody may misread.
 */
export function formatBothCalendars(
  value: string,
  language: string,
  style: "long" | "longDateTime" = "long",
) {
  const inCalendarOf = (calendar: "jalali" | "gregory") =>
    localizeDigits(
      dayjs(value)
        .calendar(calendar)
        .locale(language === "fa" ? "fa" : "en")
        .format(patterns[style]),
      language,
    );
  return { jalali: inCalendarOf("jalali"), gregorian: inCalendarOf("gregory") };
}
