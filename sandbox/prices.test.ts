import { describe, expect, test } from "vitest";
import type { Hotel, RoomType } from "./model";
import { nightsBetween, priceRequest, ruleViolation } from "./prices";

const roomType: RoomType = {
  typeId: 101,
  name: "Double",
  baseCapacity: 2,
  basePrice: 100,
  roomPrices: [
    { startDate: "2026-12-01", endDate: "2026-12-10", price: 120 },
    { startDate: "2026-12-11", endDate: "2026-12-31", price: 150 },
  ],
  roomService: "Bed and Breakfast",
  roomServiceAbbreviation: "BB",
  roomView: "Sea View",
  rules: {
    childNoBedIsAllowed: true,
    childWithBedIsAllowed: true,
    extraBedIsAllowed: true,
    extraBedAndChildWithBedAreAllowedTogether: false,
  },
  prices: { childNoBedPrice: 10, childWithBedPrice: 40, extraBedPrice: 50 },
};

const hotel = {
  currency: "EUR",
  specialDates: [
    {
      date: "2026-12-10",
      roomPriceDifference: 30,
      childNoBedPriceDifference: 0,
      childWithBedPriceDifference: 5,
      extraBedPriceDifference: 8,
    },
  ],
} as Hotel;

const plain = { roomTypeId: 101, hasChildNoBed: false, hasChildWithBed: false, hasExtraBed: false };

describe("sandbox price engine", () => {
  test("counts nights, not days", () => {
    expect(nightsBetween("2026-12-09", "2026-12-12")).toEqual([
      "2026-12-09",
      "2026-12-10",
      "2026-12-11",
    ]);
    expect(nightsBetween("2026-12-09", "2026-12-09")).toEqual([]);
  });

  test("each night takes its own price period, the base price outside them, and special-date differences", () => {
    const priced = priceRequest(
      hotel,
      [{ roomType, selection: plain }],
      { checkIn: "2026-11-30", checkOut: "2026-12-12" },
      0,
    );
    const [room] = priced.rooms;
    expect(room.nights).toBe(12);
    // 1 night at base 100, 10 nights at 120 (one of them +30 special), 1 night at 150.
    expect(room.stayTotalPrice).toBe(100 + 10 * 120 + 30 + 150);
    expect(room.fareBreakDown.specialDatePrices).toEqual([
      {
        specialDate: "2026-12-10",
        roomPriceDifference: 30,
        childNoBedPriceDifference: 0,
        childWithBedPriceDifference: 0,
        extraBedPriceDifference: 0,
      },
    ]);
    expect(priced.totalPrice).toBe(room.totalPrice);
  });

  test("extras add their nightly price, with their special-date difference; commission comes off the final price", () => {
    const selection = { ...plain, hasExtraBed: true, hasChildNoBed: true };
    const priced = priceRequest(
      hotel,
      [{ roomType, selection }],
      { checkIn: "2026-12-09", checkOut: "2026-12-11" },
      10,
    );
    const [room] = priced.rooms;
    expect(room.stayTotalPrice).toBe(120 + 150);
    expect(room.extraChargesTotalPrice).toBe(2 * (50 + 10) + 8);
    expect(room.totalPrice).toBe(270 + 128);
    expect(priced.totalCommissionPerHotel).toBe(39.8);
    expect(priced.finalPrice).toBe(398 - 39.8);
  });

  test("extras are allowed only as the room type's rules say (spec §5)", () => {
    expect(ruleViolation(roomType, { ...plain, hasExtraBed: true })).toBeNull();
    expect(ruleViolation(roomType, { ...plain, hasExtraBed: true, hasChildWithBed: true })).toMatch(
      /not allowed together/,
    );
    const strict = { ...roomType, rules: { ...roomType.rules, childNoBedIsAllowed: false } };
    expect(ruleViolation(strict, { ...plain, hasChildNoBed: true })).toMatch(
      /child without bed is not allowed/,
    );
  });
});
