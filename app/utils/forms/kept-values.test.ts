import { describe, expect, test } from "vitest";
import { typedValuesFor } from "~/utils/forms/kept-values";

describe("typedValuesFor", () => {
  const rooms = {
    rooms: [
      {
        roomTypeId: "12",
        guests: [{ firstName: "Sara", dateOfBirth: "1990/05/14", passportNumber: "K12345678" }],
      },
    ],
  };

  test("a date typed in English is the same day in the Jalali calendar, in Persian digits", () => {
    expect(typedValuesFor(rooms, "fa").rooms[0].guests[0]).toEqual({
      firstName: "Sara",
      dateOfBirth: "۱۳۶۹/۰۲/۲۴",
      passportNumber: "K12345678",
    });
  });

  test("a Jalali date, in either digit set, is the same day in the Gregorian calendar", () => {
    expect(typedValuesFor({ paymentDate: "۱۴۰۵/۰۹/۰۸" }, "en")).toEqual({
      paymentDate: "2026/11/29",
    });
    expect(typedValuesFor({ paymentDate: "١٤٠٥/٠٩/٠٨" }, "en")).toEqual({
      paymentDate: "2026/11/29",
    });
  });

  test("a text that is no date stays as typed; only date fields are read as dates", () => {
    expect(typedValuesFor({ checkIn: "2026/02/30", content: "2026/05/14" }, "fa")).toEqual({
      checkIn: "2026/02/30",
      content: "2026/05/14",
    });
  });

  test("a password never comes back", () => {
    expect(
      typedValuesFor({ currentPassword: "a", newPassword: "b", confirmPassword: "c" }, "fa"),
    ).toEqual({});
  });
});
