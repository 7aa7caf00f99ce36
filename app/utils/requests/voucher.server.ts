import type { TFunction } from "i18next";
import { formatBothCalendars } from "~/utils/format/dates";
import { i18nInstanceFor } from "~/utils/i18n/i18n.server";
import { languageDirection, supportedLanguages, type Language } from "~/i18n";
import { localizeDigits } from "~/utils/format/numbers";
import type { RequestSummary } from "~/utils/provider/reserve-requests.server";
import { requestDetailsView } from "~/utils/requests/request-details.server";

/**
 * A confirmed request as the traveller's voucher: what the hotel needs to find the booking, in
 * English and in Persian. Built from the fields it shows and nothing else, so no price, commission
 * or payment of the agency's ever reaches the page or its data.
 */

type VoucherFacts = { summary: RequestSummary; agencyName: string | null; place: string | null };

/** A date in the column's language, its own calendar first and the other one after. */
export function bothCalendars(date: string | null, language: Language) {
  if (!date) return null;
  const { jalali, gregorian } = formatBothCalendars(date, language);
  return language === "fa"
    ? { main: jalali, other: gregorian }
    : { main: gregorian, other: jalali };
}

export function nightsBetween(checkIn: string | null, checkOut: string | null) {
  if (!checkIn || !checkOut) return null;
  return Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
}

function voucherColumn(
  { summary, agencyName, place }: VoucherFacts,
  language: Language,
  t: TFunction,
) {
  const details = requestDetailsView(summary, language);
  const nights = nightsBetween(summary.CheckInDate, summary.CheckoutDate);
  const digits = (value: number) => localizeDigits(value, language);
  return {
    language,
    dir: languageDirection(language),
    label: {
      heading: t("voucher.heading"),
      intro: t("voucher.intro"),
      number: t("voucher.number"),
      agency: t("voucher.agency"),
      agencyRef: t("voucher.agencyRef"),
      hotel: t("voucher.hotel"),
      place: t("voucher.place"),
      checkIn: t("voucher.checkIn"),
      checkOut: t("voucher.checkOut"),
      roomType: t("voucher.roomType"),
      board: t("voucher.board"),
      view: t("voucher.view"),
      guests: t("voucher.guests"),
      transfer: t("voucher.transfer"),
      notSpecified: t("voucher.notSpecified"),
    },
    number: details.number,
    agencyName,
    agencyRef: details.agencyRef,
    hotel: {
      name: details.hotel.name,
      stars: t("voucher.stars", {
        count: details.hotel.grade,
        number: digits(details.hotel.grade),
      }),
      grade: details.hotel.grade,
      place,
    },
    checkIn: bothCalendars(summary.CheckInDate, language),
    checkOut: bothCalendars(summary.CheckoutDate, language),
    nights: nights === null ? null : t("voucher.nights", { count: nights, number: digits(nights) }),
    rooms: details.rooms.map((room, index) => ({
      heading: t("voucher.room", { number: digits(index + 1) }),
      roomType: room.roomType,
      board: room.board,
      view: room.view,
      guests: room.guests.map((guest) => ({
        name: guest.name,
        type: t(`wizard:guestTypes.${guest.type}`),
      })),
    })),
    flights: details.flights
      ? (["arrival", "departure"] as const).map((which) => {
          const flight = details.flights![which];
          return {
            heading: t(`voucher.${which}`),
            flight: t("voucher.flight", { airline: flight.airline, number: flight.flightNumber }),
            route: `${flight.origin.title} → ${flight.destination.title}`,
            times: [
              t("voucher.takeOff", { at: flight.takeOff }),
              flight.landing ? t("voucher.landing", { at: flight.landing }) : null,
            ],
          };
        })
      : null,
  };
}
export type VoucherColumn = ReturnType<typeof voucherColumn>;

/** The voucher in every language the portal speaks, English first (hotels abroad read it). */
export async function voucherView(facts: VoucherFacts) {
  return Promise.all(
    supportedLanguages.map(async (language) => {
      const t = (await i18nInstanceFor(language)).getFixedT(language, "requests");
      return voucherColumn(facts, language, t);
    }),
  );
}
