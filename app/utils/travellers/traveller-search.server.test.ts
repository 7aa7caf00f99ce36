import { describe, expect, test } from "vitest";
import type { TravellerRow } from "~/utils/provider/reserve-requests.server";
import { normalizeTravellerName, travellerQueryProblem } from "./traveller-query";
import { travellersOf } from "./traveller-search.server";

const guest = (first: string, last: string, passport: string, born = "1985-03-21") => ({
  FirstName: first,
  LastName: last,
  DateOfBirth: born,
  PassportNumber: passport,
  Gender: "Female" as const,
  NationalityCountryCode: "IR",
  HotelPassengerType: 1,
});
const row = (id: number, created: string, passengers: TravellerRow["Passengers"]) => ({
  Id: id,
  RequestNumber: `HR-${id}`,
  HotelName: `Hotel ${id}`,
  CheckInDate: "2026-12-10",
  CheckoutDate: "2026-12-12",
  CreateDateTime: created,
  Passengers: passengers,
});

describe("travellersOf", () => {
  const rows = [
    row(1, "2026-10-01T10:00:00", [guest("Mina", "Farahani", "P1111"), guest("Ali", "Rad", "P9")]),
    row(3, "2026-11-20T10:00:00", [guest("Mina", "Farahani-Rad", "p 2222")]),
    row(2, "2026-11-01T10:00:00", [
      guest("MINA", "farahani", "P1111"),
      guest("Nima", "Farahani", "P3"),
    ]),
  ];

  test("one traveller once, from the newest request that holds her", () => {
    const matches = travellersOf(rows, "mina far", "en");
    expect(
      matches.map((match) => [match.fill.passportNumber, match.lastStay.requestNumber]),
    ).toEqual([
      ["P2222", "HR-3"],
      ["P1111", "HR-2"],
    ]);
    // The newest request's spelling of her name is the one filled in.
    expect(matches[1].fill).toMatchObject({ firstName: "MINA", lastName: "farahani" });
    expect(matches[1].passportEnd).toBe("1111");
  });

  test("only the guests whose name holds what was typed, not everyone in their requests", () => {
    const names = travellersOf(rows, "farahani", "en").map((match) => match.fill.firstName);
    expect(names).toEqual(["Mina", "MINA", "Nima"]);
  });

  test("the birth date is filled in the clerk's calendar", () => {
    const [match] = travellersOf(rows, "nima", "fa");
    expect(match.fill.dateOfBirth).toBe("۱۳۶۴/۰۱/۰۱");
  });
});

describe("what is typed", () => {
  test("bidirectional marks, spaces and the Arabic keyboard's letters are read as meant", () => {
    expect(normalizeTravellerName("\u200f  علي   كريمي\u200e ")).toBe("علی کریمی");
  });
  test("at least two letters, at most fifty characters", () => {
    expect(travellerQueryProblem("a")).toBe("travellers.tooShort");
    expect(travellerQueryProblem("<>")).toBe("travellers.tooShort");
    expect(travellerQueryProblem("x".repeat(200))).toBe("travellers.tooLong");
    expect(travellerQueryProblem("نگ")).toBeNull();
  });
});
