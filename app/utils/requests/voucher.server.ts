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
function bothCalendars(date: string | null, language: Language) {
  if (!date) return null;
  const { jalali, gregorian } = formatBothCalendars(date, language);
  return language === "fa"
    ? { main: jalali, other: gregorian }
    : { main: gregorian, other: jalali };
}

function nightsBetween(checkIn: string | null, checkOut: string | null) {
  if (!checkIn || !checkOut) return null;
  return Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
}

/** What a traveller is handed of a stay (the voucher, a client offer): hotel, dates, rooms, guests. */
export type TravellerStayFacts = {
  hotel: { name: string; grade: number; place: string | null };
  checkIn: string | null;
  checkOut: string | null;
  rooms: Array<{
    roomType: string;
    board: string;
    view: string;
    guests: Array<{ name: string; type: string }>;
  }>;
};

/** A stay in one language, with its labels, for `TravellerStay`. */
export function travellerStay(stay: TravellerStayFacts, language: Language, t: TFunction) {
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const digits = (value: number) => localizeDigits(value, language);
  return {
    stayLabel: {
      hotel: t("voucher.hotel"),
      place: t("voucher.place"),
      checkIn: t("voucher.checkIn"),
      checkOut: t("voucher.checkOut"),
      roomType: t("voucher.roomType"),
      board: t("voucher.board"),
      view: t("voucher.view"),
      guests: t("voucher.guests"),
      notSpecified: t("voucher.notSpecified"),
    },
    hotel: {
      name: stay.hotel.name,
      grade: stay.hotel.grade,
      place: stay.hotel.place,
      stars: t("voucher.stars", { count: stay.hotel.grade, number: digits(stay.hotel.grade) }),
    },
    checkIn: bothCalendars(stay.checkIn, language),
    checkOut: bothCalendars(stay.checkOut, language),
    nights: nights === null ? null : t("voucher.nights", { count: nights, number: digits(nights) }),
    // Field by field: a room as the caller has it may hold its price, which a traveller never sees.
    rooms: stay.rooms.map((room, index) => ({
      heading: t("voucher.room", { number: digits(index + 1) }),
      roomType: room.roomType,
      board: room.board,
      view: room.view,
      guests: room.guests.map((guest) => ({
        name: guest.name,
        type: t(`wizard:guestTypes.${guest.type}`),
      })),
    })),
  };
}
export type TravellerStayView = ReturnType<typeof travellerStay>;

function voucherColumn(
  { summary, agencyName, place }: VoucherFacts,
  language: Language,
  t: TFunction,
) {
  const details = requestDetailsView(summary, language);
  return {
    language,
    dir: languageDirection(language),
    label: {
      heading: t("voucher.heading"),
      intro: t("voucher.intro"),
      number: t("voucher.number"),
      agency: t("voucher.agency"),
      agencyRef: t("voucher.agencyRef"),
      transfer: t("voucher.transfer"),
    },
    number: details.number,
    agencyName,
    agencyRef: details.agencyRef,
    ...travellerStay(
      {
        hotel: { name: details.hotel.name, grade: details.hotel.grade, place },
        checkIn: summary.CheckInDate,
        checkOut: summary.CheckoutDate,
        rooms: details.rooms,
      },
      language,
      t,
    ),
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
