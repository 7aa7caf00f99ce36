import { describe, expect, test } from "vitest";
import { createSeedState } from "#sandbox/seed";
import { priceRequest, ruleViolation } from "#sandbox/prices";
import { chosenRoomOf, estimateRequest, nightsOf, type ChosenRoom } from "./estimate";
import { EXTRA_KINDS } from "./reservation-wizard";

// The seed's seasons: the base price for three weeks from today, then a high season; one special
// date thirty days on.
const TODAY = new Date("2026-12-01T08:00:00Z");
const day = (offset: number) =>
  new Date(TODAY.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const { hotels } = createSeedState(TODAY);

const STAYS = {
  "in the low season": { checkIn: day(3), checkOut: day(7) },
  "across the two seasons": { checkIn: day(18), checkOut: day(24) },
  "in the high season": { checkIn: day(22), checkOut: day(25) },
};

/** Every room a clerk could choose at a hotel: each type with each allowed set of extras. */
function choicesAt(hotel: (typeof hotels)[number]) {
  return hotel.roomTypes.flatMap((roomType) =>
    [0, 1, 2, 3, 4, 5, 6, 7]
      .map((bits) => ({
        roomTypeId: roomType.typeId,
        extras: {
          extraBed: Boolean(bits & 1),
          childWithBed: Boolean(bits & 2),
          childNoBed: Boolean(bits & 4),
        },
      }))
      .filter((room) => !ruleViolation(roomType, selectionOf(room))),
  );
}

function selectionOf(room: ChosenRoom) {
  return {
    roomTypeId: room.roomTypeId,
    hasExtraBed: room.extras.extraBed,
    hasChildWithBed: room.extras.childWithBed,
    hasChildNoBed: room.extras.childNoBed,
  };
}

/** What the provider's review says for these rooms (the sandbox's price engine). */
function reviewOf(
  hotel: (typeof hotels)[number],
  rooms: ChosenRoom[],
  stay: (typeof STAYS)["in the low season"],
) {
  return priceRequest(
    hotel,
    rooms.map((room) => ({
      roomType: hotel.roomTypes.find((entry) => entry.typeId === room.roomTypeId)!,
      selection: selectionOf(room),
    })),
    stay,
    0,
  );
}

/** One room of the type, with an extra bed or none, for a stay of three low and three high nights. */
function acrossTheSeasons(hotel: (typeof hotels)[number], roomTypeId: number, extraBed: boolean) {
  const stay = STAYS["across the two seasons"]; // days 18, 19, 20 low; 21, 22, 23 high
  const extras = { extraBed, childWithBed: false, childNoBed: false };
  return estimateRequest(hotel.roomTypes, [{ roomTypeId, extras }], stay).rooms[0];
}

describe("the rooms step's estimate", () => {
  test.each(Object.entries(STAYS))(
    "is the review's price for every room type and extra of every hotel, %s",
    (_, stay) => {
      for (const hotel of hotels) {
        const choices = choicesAt(hotel);
        // Each choice alone, then all of them as one request.
        for (const rooms of [...choices.map((room) => [room]), choices]) {
          const estimate = estimateRequest(hotel.roomTypes, rooms, stay);
          const review = reviewOf(hotel, rooms, stay);
          expect(estimate.total, hotel.hotelName).toBe(review.totalPrice);
          estimate.rooms.forEach((room, index) => {
            expect(room).toEqual({
              nights: review.rooms[index].nights,
              stay: review.rooms[index].stayTotalPrice,
              extras: review.rooms[index].extraChargesTotalPrice,
              total: review.rooms[index].totalPrice,
            });
          });
        }
      }
    },
  );

  test("a stay across two seasons prices each night at its own season", () => {
    const hotel = hotels[0];
    const [roomType] = hotel.roomTypes;
    const [low, high] = roomType.roomPrices.map((season) => season.price);
    expect(high).toBeGreaterThan(low);
    expect(acrossTheSeasons(hotel, roomType.typeId, false)).toMatchObject({
      nights: 6,
      stay: 3 * low + 3 * high,
    });
  });

  test("a season that prices the extras prices them for its own nights", () => {
    const hotel = hotels.find((entry) =>
      entry.roomTypes.some((type) => type.roomPrices[1].prices),
    )!;
    const roomType = hotel.roomTypes.find((type) => type.rules.extraBedIsAllowed)!;
    const high = roomType.roomPrices[1].prices!;
    expect(high.extraBedPrice).toBeGreaterThan(roomType.prices.extraBedPrice);
    expect(acrossTheSeasons(hotel, roomType.typeId, true)!.extras).toBe(
      3 * roomType.prices.extraBedPrice + 3 * high.extraBedPrice,
    );
  });

  test("leaves out special dates, by exactly their differences", () => {
    const hotel = hotels[1];
    const stay = { checkIn: day(28), checkOut: day(32) };
    const special = hotel.specialDates[0];
    expect(nightsOf(stay)).toContain(special.date);
    const roomType = hotel.roomTypes.find((entry) => entry.rules.extraBedIsAllowed)!;
    const rooms = [
      {
        roomTypeId: roomType.typeId,
        extras: { extraBed: true, childWithBed: false, childNoBed: false },
      },
    ];
    const estimate = estimateRequest(hotel.roomTypes, rooms, stay);
    const review = reviewOf(hotel, rooms, stay);
    expect(review.totalPrice - estimate.total).toBe(
      special.roomPriceDifference + special.extraBedPriceDifference,
    );
  });

  test("a room whose type the hotel no longer has counts for nothing", () => {
    const hotel = hotels[0];
    const known = {
      roomTypeId: hotel.roomTypes[0].typeId,
      extras: { extraBed: false, childWithBed: false, childNoBed: false },
    };
    const gone = { ...known, roomTypeId: 99_999 };
    const stay = STAYS["in the low season"];
    const estimate = estimateRequest(hotel.roomTypes, [known, gone], stay);
    expect(estimate.rooms[1]).toBeNull();
    expect(estimate.total).toBe(estimateRequest(hotel.roomTypes, [known], stay).total);
  });

  test("prices with cents add up to cents", () => {
    const roomType = {
      typeId: 1,
      basePrice: 10.1,
      roomPrices: [],
      prices: { extraBedPrice: 0.2, childWithBedPrice: 0, childNoBedPrice: 0 },
    };
    const estimate = estimateRequest(
      [roomType],
      [{ roomTypeId: 1, extras: { extraBed: true, childWithBed: false, childNoBed: false } }],
      { checkIn: "2026-12-01", checkOut: "2026-12-04" },
    );
    expect(estimate.total).toBe(30.9);
  });

  test("reads a room's extras from the draft or the form: a list with a guest is an extra chosen", () => {
    expect(chosenRoomOf({ roomTypeId: "101", extraBed: [{}], childNoBed: [] })).toEqual({
      roomTypeId: 101,
      extras: { extraBed: true, childWithBed: false, childNoBed: false },
    });
    expect(Object.keys(chosenRoomOf({ roomTypeId: 1 }).extras)).toEqual([...EXTRA_KINDS]);
  });

  test("a date with a time of day counts by its day", () => {
    expect(nightsOf({ checkIn: "2026-12-01T00:00:00", checkOut: "2026-12-03T00:00:00" })).toEqual([
      "2026-12-01",
      "2026-12-02",
    ]);
  });
});
