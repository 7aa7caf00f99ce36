import type { ExtraKind } from "~/utils/wizard/reservation-wizard";

/**
 * A price before the passports: what a stay will cost, from the hotel answer alone, while the
 * clerk is still choosing rooms. Each night is priced at its season (`roomPrices`, the base price
 * where no season covers it), each extra chosen at that night's price (its season's where the
 * season prices extras, else the room type's). Special dates and the agency's commission are left
 * out: the provider's validated price is the one that counts. The rooms step (server and
 * browser), the review and the change of rooms run this same function.
 */

type ExtraPrices = { childNoBedPrice: number; childWithBedPrice: number; extraBedPrice: number };

/** What an estimate needs of a room type. */
export type RoomTypePricing = {
  typeId: number;
  basePrice: number;
  roomPrices: Array<{
    startDate: string;
    endDate: string;
    price: number;
    prices?: ExtraPrices | null;
  }>;
  prices: ExtraPrices;
};

export type Stay = { checkIn: string; checkOut: string };

/** A room as chosen so far: its type and which extras it has. */
export type ChosenRoom = { roomTypeId: number; extras: Record<ExtraKind, boolean> };

/** A room as the estimate sees it, from the draft or from the form as typed so far. */
export function chosenRoomOf(room: {
  roomTypeId?: number | string | null;
  extraBed?: unknown[] | null;
  childWithBed?: unknown[] | null;
  childNoBed?: unknown[] | null;
}): ChosenRoom {
  return {
    roomTypeId: Number(room.roomTypeId),
    extras: {
      extraBed: (room.extraBed?.length ?? 0) > 0,
      childWithBed: (room.childWithBed?.length ?? 0) > 0,
      childNoBed: (room.childNoBed?.length ?? 0) > 0,
    },
  };
}

export type RoomEstimate = { nights: number; stay: number; extras: number; total: number };

const DAY_MS = 86_400_000;

const EXTRA_PRICE: Record<ExtraKind, keyof RoomTypePricing["prices"]> = {
  extraBed: "extraBedPrice",
  childWithBed: "childWithBedPrice",
  childNoBed: "childNoBedPrice",
};

/** The stay's nights as ISO dates, check-in included, check-out not. */
export function nightsOf(stay: Stay) {
  const nights: string[] = [];
  // A provider may write a date with a time of day: the day is what counts.
  const end = Date.parse(`${stay.checkOut.slice(0, 10)}T00:00:00Z`);
  for (
    let night = Date.parse(`${stay.checkIn.slice(0, 10)}T00:00:00Z`);
    night < end;
    night += DAY_MS
  )
    nights.push(new Date(night).toISOString().slice(0, 10));
  return nights;
}

function seasonOf(roomType: Pick<RoomTypePricing, "roomPrices">, night: string) {
  return roomType.roomPrices.find((period) => period.startDate <= night && night <= period.endDate);
}

/** A room type's price for each night of the stay: its season's, or the base price. */
export function nightlyRoomPrices(
  roomType: Pick<RoomTypePricing, "basePrice" | "roomPrices">,
  stay: Stay,
) {
  return nightsOf(stay).map((night) => seasonOf(roomType, night)?.price ?? roomType.basePrice);
}

// Prices may carry cents; sums of binary fractions must not show 0.30000000000000004.
const cents = (amount: number) => Math.round(amount * 100) / 100;

function estimateRoom(roomType: RoomTypePricing, room: ChosenRoom, stay: Stay): RoomEstimate {
  const nightly = nightlyRoomPrices(roomType, stay);
  const stayPrice = nightly.reduce((sum, price) => sum + price, 0);
  const chosen = (Object.keys(EXTRA_PRICE) as ExtraKind[]).filter((kind) => room.extras[kind]);
  const extras = nightsOf(stay).reduce((sum, night) => {
    const prices = seasonOf(roomType, night)?.prices ?? roomType.prices;
    return sum + chosen.reduce((nightSum, kind) => nightSum + prices[EXTRA_PRICE[kind]], 0);
  }, 0);
  return {
    nights: nightly.length,
    stay: cents(stayPrice),
    extras: cents(extras),
    total: cents(stayPrice + extras),
  };
}

/**
 * The estimate of each room (null for a room whose type the hotel no longer has) and of the
 * whole request.
 */
export function estimateRequest(roomTypes: RoomTypePricing[], rooms: ChosenRoom[], stay: Stay) {
  const estimates = rooms.map((room) => {
    const roomType = roomTypes.find((entry) => entry.typeId === room.roomTypeId);
    return roomType ? estimateRoom(roomType, room, stay) : null;
  });
  const total = cents(estimates.reduce((sum, room) => sum + (room?.total ?? 0), 0));
  return { rooms: estimates, total };
}
