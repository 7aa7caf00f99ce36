import { describe, expect, test } from "vitest";
import { formatBothCalendars, formatDate, formatTimeAgo } from "./dates";
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
    expect(formatTimeAgo("2026-11-22T07:00:00", "en", "2026-11-22T10:00:00")).toBe("3 hours ago");
    expect(formatTimeAgo("2026-11-22T07:00:00", "fa", "2026-11-22T10:00:00")).toBe("۳ ساعت پیش");
  });

  test("digits follow the language", () => {
    expect(localizeDigits("HR-7001", "fa")).toBe("HR-۷۰۰۱");
    expect(localizeDigits(42, "en")).toBe("42");
  });
});
