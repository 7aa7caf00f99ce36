import type { FlightView } from "~/components/flight-card";
import type { GuestView } from "~/components/guests-table";
import { countryOptions } from "~/utils/wizard/countries.server";
import { formatBothCalendars, formatDate } from "~/utils/format/dates";
import { env } from "~/utils/runtime/env.server";
import { formatMoney, localizeDigits } from "~/utils/format/numbers";
import { pricedRoomView } from "~/utils/wizard/price-view";
import { ProviderError, type ProviderContext } from "~/utils/provider/request.server";
import {
  getNotes,
  markNotesRead,
  type FlightRead,
  type Note,
  type RequestSummary,
} from "~/utils/provider/reserve-requests.server";

/**
 * A reservation request as its details page, its print view and its modify screens show it:
 * every provider value written out in the user's language and calendar.
 */

const GUEST_TYPES: Record<number, GuestView["type"]> = {
  1: "mainGuest",
  2: "extraBed",
  3: "childNoBed",
  4: "childWithBed",
};

function flightView(flight: FlightRead, language: string): FlightView {
  const [hours, minutes] = (flight.flightDuration ?? "").split(":").map(Number);
  const at = (date: string, time: string | null) =>
    `${formatDate(date, language)} ${localizeDigits(time ?? "", language)}`.trim();
  const airlineName = language === "fa" ? flight.airline.localTitle : flight.airline.title;
  return {
    airline: `${airlineName ?? flight.airline.title} (${flight.airline.iata})`,
    flightNumber: flight.flightNumber,
    takeOff: at(flight.takeOffDate, flight.takeOffTime),
    landing: flight.landingDate ? at(flight.landingDate, flight.landingTime) : null,
    origin: flight.originAirport,
    destination: flight.destinationAirport,
    duration:
      flight.flightDuration && Number.isFinite(hours)
        ? { hours: localizeDigits(hours, language), minutes: localizeDigits(minutes, language) }
        : null,
  };
}

export function requestDetailsView(summary: RequestSummary, language: string) {
  const countries = new Map(
    countryOptions(language).map((country) => [country.value, country.label]),
  );
  const currency = summary.Currency.Code;
  const deadline = summary.PaymentDeadlineDateTime;
  return {
    id: summary.Id,
    number: summary.RequestNumber,
    state: summary.State,
    orderId: summary.OrderId,
    agencyRef: summary.AgencyRef,
    created: formatDate(summary.CreateDateTime, language, "dateTime"),
    // Spec §2: the payment due date matters only while the payment is pending.
    paymentDeadline:
      deadline && summary.State === "PaymentPending"
        ? {
            ...formatBothCalendars(deadline, language, "longDateTime"),
            timeZone: env.PROVIDER_TIME_ZONE,
          }
        : null,
    needTransfer: Boolean(summary.TransportationInfo),
    description: summary.Description ?? "",
    hotel: {
      name: summary.HotelName,
      grade: summary.HotelGrade,
      packageTitle: summary.PackageTitle,
      checkIn: summary.CheckInDate ? formatDate(summary.CheckInDate, language, "long") : null,
      checkOut: summary.CheckoutDate ? formatDate(summary.CheckoutDate, language, "long") : null,
    },
    total: formatMoney(summary.TotalPrice, currency, language, summary.Currency.Sign),
    rooms: summary.ReserveRoomRequests.map((room) => ({
      roomType: room.RoomType,
      board: room.RoomService,
      view: room.RoomView,
      guestCount: localizeDigits(room.Passengers.length, language),
      guests: room.Passengers.map(
        (guest): GuestView => ({
          type: GUEST_TYPES[guest.HotelPassengerType] ?? "mainGuest",
          name: `${guest.FirstName} ${guest.LastName}`,
          dateOfBirth: formatDate(guest.DateOfBirth, language),
          gender: guest.Gender,
          passportNumber: guest.PassportNumber,
          nationality: countries.get(guest.NationalityCountryCode) ?? guest.NationalityCountryCode,
        }),
      ),
      price: pricedRoomView(
        {
          roomType: room.RoomType,
          roomService: room.RoomService,
          roomView: room.RoomView,
          nights: room.RoomPriceInfo.Nights,
          stayTotalPrice: room.RoomPriceInfo.StayTotalPrice,
          extraChargesTotalPrice: room.RoomPriceInfo.ExtraCharge,
          totalPrice: room.RoomPriceInfo.TotalPrice,
          hasChildNoBed: room.RoomPriceInfo.HasChildNoBed,
          hasChildWithBed: room.RoomPriceInfo.HasChildWithBed,
          hasExtraBed: room.RoomPriceInfo.HasExtraBed,
          fareBreakDown: room.RoomPriceInfo.FareBreakDown,
        },
        currency,
        language,
        room.RoomPriceInfo.CurrencySign,
      ),
    })),
    flights: summary.TransportationInfo
      ? {
          arrival: flightView(summary.TransportationInfo.OriginFlight, language),
          departure: flightView(summary.TransportationInfo.DestinationFlight, language),
        }
      : null,
  };
}
export type RequestDetailsView = ReturnType<typeof requestDetailsView>;

export function notesView(notes: Note[], language: string) {
  return notes.map((note) => ({
    id: note.Id,
    content: note.Content,
    at: formatDate(note.CreateDateTime, language, "dateTime"),
    author: note.CreatorUserName,
    fromProvider: note.IsBroker,
    read: note.IsRead,
  }));
}
export type NoteView = ReturnType<typeof notesView>[number];

/**
 * A short fingerprint of a thread as shown (ids and read ticks): a poll that brings the one it
 * already has gets "unchanged" instead of the whole thread again.
 */
export function notesVersion(notes: Note[]) {
  let hash = 0;
  for (const note of notes) {
    for (const char of `${note.Id}:${note.IsRead ? 1 : 0};`)
      hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  }
  return `${notes.length}-${(hash >>> 0).toString(36)}`;
}

/**
 * The thread of a request, with the provider's notes marked read once fetched (spec §4): the
 * agency has now seen them. A failure to mark them is logged; the thread still shows.
 */
export async function fetchNotesAndMarkRead(provider: ProviderContext, requestId: number) {
  const notes = await getNotes(provider, requestId);
  if (notes.some((note) => note.IsBroker && !note.IsRead)) {
    await markNotesRead(provider, requestId).catch((error: unknown) => {
      if (!(error instanceof ProviderError)) throw error;
      console.warn(`Marking the notes of request ${requestId} read failed: ${error.message}`);
    });
  }
  return notes;
}
