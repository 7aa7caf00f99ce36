import { describe, expect, test } from "vitest";
import { ageOn, formatDateInput, parseDateInput } from "./date-input";

describe("typed dates", () => {
  test("English: Gregorian, with / or -", () => {
    expect(parseDateInput("2026/12/09", "en")).toBe("2026-12-09");
    expect(parseDateInput(" 2026-12-9 ", "en")).toBe("2026-12-09");
    expect(formatDateInput("2026-12-09", "en")).toBe("2026/12/09");
  });

  test("Persian: Jalali, in Persian, Arabic-Indic or Latin digits", () => {
    expect(parseDateInput("۱۴۰۵/۰۹/۱۸", "fa")).toBe("2026-12-09");
    expect(parseDateInput("١٤٠٥/٠٩/١٨", "fa")).toBe("2026-12-09");
    expect(parseDateInput("1405/9/18", "fa")).toBe("2026-12-09");
    expect(parseDateInput("۱۴۰۶/۰۱/۰۱", "fa")).toBe("2027-03-21");
    expect(formatDateInput("2026-12-09", "fa")).toBe("۱۴۰۵/۰۹/۱۸");
  });

  test("impossible or malformed dates are refused", () => {
    expect(parseDateInput("2026/02/30", "en")).toBeNull();
    expect(parseDateInput("2026/13/01", "en")).toBeNull();
    // 1403 is a leap year in the Jalali calendar, 1404 is not.
    expect(parseDateInput("1403/12/30", "fa")).toBe("2025-03-20");
    expect(parseDateInput("1404/12/30", "fa")).toBeNull();
    expect(parseDateInput("09/12/2026", "en")).toBeNull();
    expect(parseDateInput("tomorrow", "en")).toBeNull();
    expect(parseDateInput("", "en")).toBeNull();
  });

  test("age at check-in counts whole years", () => {
    expect(ageOn("2020-12-10", "2026-12-09")).toBe(5);
    expect(ageOn("2020-12-09", "2026-12-09")).toBe(6);
  });
});
