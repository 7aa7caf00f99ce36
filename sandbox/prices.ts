import type { Hotel, RoomType } from "./model";

/**
 * The sandbox's price engine: what a stay costs under a hotel's contract. Per night, the room's
 * price is the price period covering that night (else the base price) plus any special-date
 * difference; each extra (extra bed, child with bed, child without bed) adds its own nightly price
 * (the period's, where it prices extras, else the room type's) and difference. The provider validates prices this way before a request is submitted (spec §3
 * "Validated prices").
 */

export type RoomSelection = {
  roomTypeId: number;
  hasChildNoBed: boolean;
  hasChildWithBed: boolean;
  hasExtraBed: boolean;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function nightsBetween(checkIn: string, checkOut: string) {
  const start = Date.parse(`${checkIn}T00:00:00Z`);
  const end = Date.parse(`${checkOut}T00:00:00Z`);
  const nights: string[] = [];
  for (let day = start; day < end; day += DAY_MS)
    nights.push(new Date(day).toISOString().slice(0, 10));
  return nights;
}

/** Why a room selection breaks its room type's rules (spec §5), or null when it is allowed. */
export function ruleViolation(roomType: RoomType, selection: RoomSelection): string | null {
  const { rules } = roomType;
  if (selection.hasChildNoBed && !rules.childNoBedIsAllowed)
    return `${roomType.name}: a child without bed is not allowed.`;
  if (selection.hasChildWithBed && !rules.childWithBedIsAllowed)
    return `${roomType.name}: a child with bed is not allowed.`;
  if (selection.hasExtraBed && !rules.extraBedIsAllowed)
    return `${roomType.name}: an extra bed is not allowed.`;
  if (
    selection.hasExtraBed &&
    selection.hasChildWithBed &&
    !rules.extraBedAndChildWithBedAreAllowedTogether
  ) {
    return `${roomType.name}: an extra bed and a child with bed are not allowed together.`;
  }
  return null;
}

/** A night's prices: its season's room price (else the base price) and extras (else the type's). */
function nightlyPrices(roomType: RoomType, night: string) {
  const season = roomType.roomPrices.find(
    (period) => period.startDate <= night && night <= period.endDate,
  );
  return {
    room: season?.price ?? roomType.basePrice,
    extras: season?.prices ?? roomType.prices,
  };
}

function priceRoom(hotel: Hotel, roomType: RoomType, selection: RoomSelection, nights: string[]) {
  const datePrices = nights.map((night) => {
    const special = hotel.specialDates.find((entry) => entry.date === night);
    const { room, extras } = nightlyPrices(roomType, night);
    return {
      date: night,
      roomPrice: room + (special?.roomPriceDifference ?? 0),
      childNoBedPrice: selection.hasChildNoBed
        ? extras.childNoBedPrice + (special?.childNoBedPriceDifference ?? 0)
        : 0,
      childWithBedPrice: selection.hasChildWithBed
        ? extras.childWithBedPrice + (special?.childWithBedPriceDifference ?? 0)
        : 0,
      extraBedPrice: selection.hasExtraBed
        ? extras.extraBedPrice + (special?.extraBedPriceDifference ?? 0)
        : 0,
    };
  });
  const specialDatePrices = hotel.specialDates
    .filter((entry) => nights.includes(entry.date))
    .map((entry) => ({
      specialDate: entry.date,
      roomPriceDifference: entry.roomPriceDifference,
      childNoBedPriceDifference: selection.hasChildNoBed ? entry.childNoBedPriceDifference : 0,
      childWithBedPriceDifference: selection.hasChildWithBed
        ? entry.childWithBedPriceDifference
        : 0,
      extraBedPriceDifference: selection.hasExtraBed ? entry.extraBedPriceDifference : 0,
    }));
  const stayTotalPrice = datePrices.reduce((sum, day) => sum + day.roomPrice, 0);
  const extraChargesTotalPrice = datePrices.reduce(
    (sum, day) => sum + day.childNoBedPrice + day.childWithBedPrice + day.extraBedPrice,
    0,
  );
  return {
    roomType: roomType.name,
    roomTypeId: roomType.typeId,
    roomService: roomType.roomService,
    roomView: roomType.roomView,
    nights: nights.length,
    stayTotalPrice,
    extraCharge: extraChargesTotalPrice,
    extraChargesTotalPrice,
    hasChildNoBed: selection.hasChildNoBed,
    hasChildWithBed: selection.hasChildWithBed,
    hasExtraBed: selection.hasExtraBed,
    fareBreakDown: { datePrices, specialDatePrices },
    totalPrice: stayTotalPrice + extraChargesTotalPrice,
  };
}

/** Prices a whole request; `commissionPercent` comes from the hotel's promotion, if any. */
export function priceRequest(
  hotel: Hotel,
  rooms: Array<{ roomType: RoomType; selection: RoomSelection }>,
  stay: { checkIn: string; checkOut: string },
  commissionPercent: number,
) {
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const pricedRooms = rooms.map(({ roomType, selection }) =>
    priceRoom(hotel, roomType, selection, nights),
  );
  const totalPrice = pricedRooms.reduce((sum, room) => sum + room.totalPrice, 0);
  const totalCommissionPerHotel = Math.round(totalPrice * commissionPercent) / 100;
  return {
    currency: hotel.currency,
    rooms: pricedRooms,
    totalPrice,
    totalCommissionPerHotel,
    finalPrice: totalPrice - totalCommissionPerHotel,
  };
}
