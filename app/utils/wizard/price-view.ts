import type { PricedRoomView } from "~/components/price-breakdown";
import { formatDate } from "~/utils/format/dates";
import { formatMoney, localizeDigits } from "~/utils/format/numbers";

/** A room as the provider prices it (validated prices, or a stored request's price info). */
export type ProviderPricedRoom = {
  roomType: string;
  roomService: string;
  roomView: string;
  nights: number;
  stayTotalPrice: number;
  extraChargesTotalPrice: number;
  totalPrice: number;
  hasChildNoBed: boolean;
  hasChildWithBed: boolean;
  hasExtraBed: boolean;
  /** A list is `null` where the provider's could not be read. */
  fareBreakDown: {
    datePrices: null | Array<{
      date: string;
      roomPrice: number;
      childNoBedPrice: number;
      childWithBedPrice: number;
      extraBedPrice: number;
    }>;
    specialDatePrices: null | Array<{
      specialDate: string;
      roomPriceDifference: number;
      childNoBedPriceDifference: number;
      childWithBedPriceDifference: number;
      extraBedPriceDifference: number;
    }>;
  };
};

/** A priced room written out in the user's language, for `PriceBreakdown`. */
export function pricedRoomView(
  room: ProviderPricedRoom,
  currency: string,
  language: string,
  sign?: string,
): PricedRoomView {
  const money = (amount: number) => formatMoney(amount, currency, language, sign);
  const extra = (chosen: boolean, amount: number) => (chosen ? money(amount) : null);
  return {
    roomType: room.roomType,
    board: room.roomService,
    view: room.roomView,
    nights: localizeDigits(room.nights, language),
    stayTotal: money(room.stayTotalPrice),
    extraCharges: money(room.extraChargesTotalPrice),
    total: money(room.totalPrice),
    datePrices:
      room.fareBreakDown.datePrices?.map((day) => ({
        date: formatDate(day.date, language),
        room: money(day.roomPrice),
        childNoBed: extra(room.hasChildNoBed, day.childNoBedPrice),
        childWithBed: extra(room.hasChildWithBed, day.childWithBedPrice),
        extraBed: extra(room.hasExtraBed, day.extraBedPrice),
      })) ?? null,
    specialDates:
      room.fareBreakDown.specialDatePrices?.map((day) => ({
        date: formatDate(day.specialDate, language),
        room: money(day.roomPriceDifference),
        childNoBed: extra(room.hasChildNoBed, day.childNoBedPriceDifference),
        childWithBed: extra(room.hasChildWithBed, day.childWithBedPriceDifference),
        extraBed: extra(room.hasExtraBed, day.extraBedPriceDifference),
      })) ?? null,
  };
}
