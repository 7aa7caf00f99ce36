import { describe, expect, test } from "vitest";
import { formatBothCalendars, formatDate, formatTimeAgo, instantOf, wallClockIn } from "./dates";
import { localizeDigits } from "./numbers";

describe("dates", () => {
  test("English shows the Gregorian calendar with Latin digits", () => {
    expect(formatDate("2026-11-22", "en")).toBe("2026/11/22");
    expect(formatDate("2026-11-22", "en", "long")).toBe("22 November 2026");
    expect(formatDate("2026-11-22T09:05:00", "en", "dateTime")).toBe("2026/11/22 09:05");
  });

  test("Persian shows the Jalali calendar with Persian digits", () => {
    expect(formatDate("2026-11-22", "fa")).toBe("۱۴۰۵/۰۹/۰۱");
    expect(formatDate("2026-11-22", "fa", "long")).toBe("۱ آذر ۱۴۰۵");
    // Nowruz: the Jalali new year.
    expect(formatDate("2027-03-21", "fa")).toBe("۱۴۰۶/۰۱/۰۱");
  });

  test("the top bar gets today in both calendars, in the user's language", () => {
    expect(formatBothCalendars("2026-11-22", "fa")).toEqual({
      jalali: "۱ آذر ۱۴۰۵",
      gregorian: "۲۲ نوامبر ۲۰۲۶",
    });
    expect(formatBothCalendars("2026-11-22", "en").gregorian).toBe("22 November 2026");
  });

  test("time since, relative to the server's now", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    expect(formatTimeAgo("2026-11-22T07:00:00", "en", now, "UTC")).toBe("3 hours ago");
    expect(formatTimeAgo("2026-11-22T07:00:00", "fa", now, "UTC")).toBe("۳ ساعت پیش");
  });

  test("provider date-times are read in the provider's zone, whatever the server's is", () => {
    // 10:00 UTC is 13:30 in Tehran: a Tehran provider's "now" is now, not "in 3 hours".
    const now = new Date("2026-11-22T10:00:00Z");
    expect(formatTimeAgo("2026-11-22T13:30:00", "en", now, "Asia/Tehran")).toBe(
      "a few seconds ago",
    );
    expect(instantOf("2026-11-22T13:30:00", "Asia/Tehran").toISOString()).toBe(
      "2026-11-22T10:00:00.000Z",
    );
    expect(wallClockIn(now, "Asia/Tehran")).toBe("2026-11-22T13:30:00");
    // Just before midnight UTC it is already tomorrow in Tehran: the top bar shows Tehran's today.
    expect(wallClockIn(new Date("2026-11-22T22:00:00Z"), "Asia/Tehran")).toBe(
      "2026-11-23T01:30:00",
    );
    // Midnight is hour 00 of the new day, never 24 of the old one.
    expect(wallClockIn(new Date("2026-11-22T20:30:00Z"), "Asia/Tehran")).toBe(
      "2026-11-23T00:00:00",
    );
    expect(wallClockIn(new Date("2026-07-01T12:00:05Z"), "Europe/Berlin")).toBe(
      "2026-07-01T14:00:05",
    );
  });

  test("digits follow the language", () => {
    expect(localizeDigits("HR-7001", "fa")).toBe("HR-۷۰۰۱");
    expect(localizeDigits(42, "en")).toBe("42");
  });
});
