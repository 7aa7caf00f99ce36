import { randomUUID } from "node:crypto";
import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { requireProvider, userKeyOf } from "~/utils/session/auth.server";
import { recordStore } from "~/utils/wizard/draft-store.server";
import { idParam } from "~/utils/http/params.server";
import type {
  PassengerPayload,
  PriceValidationRequest,
  ReserveRequestPayload,
  FlightPayload,
} from "~/utils/provider/reserve-requests.server";
import {
  firstOpenStep,
  GUEST_TYPE,
  stepIsUnlocked,
  type Draft,
  type GuestValue,
  type RoomValue,
  type WizardStep,
} from "~/utils/wizard/reservation-wizard";
import { type FlightValue, type ResolvedAirport } from "~/utils/wizard/flights-step";
import { formatDateInput } from "~/utils/format/date-input";
import { formatMoney } from "~/utils/format/numbers";
import { nightlyRoomPrices, type Stay } from "~/utils/wizard/estimate";
import type { RequestSummary } from "~/utils/provider/reserve-requests.server";
import type { RoomTypeView } from "~/components/wizard/rooms-fields";
import type { RoomType } from "~/utils/provider/hotels.server";
import { metrics } from "~/utils/runtime/metrics.server";

/**
 * Where the wizard's draft lives and how it becomes the provider's payloads. A draft belongs to
 * the signed-in user (one for a new request, one per order for add-reservation), not to a browser
 * session, and is kept in the session store for a month.
 */

const DRAFT_TTL_SECONDS = 60 * 60 * 24 * 30;

export function emptyDraft(sessionId: string | null): Draft {
  return {
    submitKey: randomUUID(),
    sessionId,
    updatedAt: new Date().toISOString(),
    hotel: null,
    rooms: null,
    flights: null,
    input: {},
  };
}

/** The form's own fields: sent with every post, never typed by the clerk. */
const FORM_FIELDS = new Set(["csrf", "intent", "language", "enhanced"]);

/** What the clerk typed into a step's form, kept in the draft until the step is sent whole. */
export function typedInputOf(payload: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries((payload ?? {}) as Record<string, unknown>).filter(
      ([name]) => !FORM_FIELDS.has(name),
    ),
  );
}

/** The wizard of this URL: a new request, or one added to an order (`extendedOrderId`). */
export async function loadWizard(request: Request, context: AppLoadContext, params: Params) {
  const orderId = params.extendedOrderId ? idParam(params, "extendedOrderId") : null;
  const provider = await requireProvider(request, context);
  const { key, saved, sessionId } = await savedDraft(context, orderId);
  const base = orderId ? `/reservations/add-reservation/${orderId}` : "/reservations/new";
  return {
    provider,
    orderId,
    base,
    sessionId,
    draft: saved ?? emptyDraft(sessionId),
    /** Saved by another (earlier) session: the user chooses to continue it or start over. */
    fromAnotherSession: isFromAnotherSession(saved, sessionId),
    async save(draft: Draft) {
      const next = { ...draft, sessionId, updatedAt: new Date().toISOString() };
      await recordStore.set(key, next, DRAFT_TTL_SECONDS).then(
        () => metrics.draftWritten("ok"),
        (error: unknown) => {
          metrics.draftWritten("error");
          throw error;
        },
      );
      return next;
    },
    async discard() {
      await recordStore.delete(key);
    },
  };
}
export type Wizard = Awaited<ReturnType<typeof loadWizard>>;

/** The signed-in user's draft of a new request (`orderId` null) or of one added to an order. */
async function savedDraft(context: AppLoadContext, orderId: number | null) {
  const session = await context.session();
  const key = `draft:${userKeyOf(session.get("userName") ?? "")}:${orderId ?? "new"}`;
  return { key, saved: await recordStore.get<Draft>(key), sessionId: session.id || null };
}

function isFromAnotherSession(saved: Draft | null, sessionId: string | null) {
  return Boolean(saved && hasContent(saved) && saved.sessionId !== sessionId);
}

/**
 * Where "New Request" leads: the step the wizard's entry would redirect to, so that a click is one
 * request instead of two (the entry's redirect was a round trip on every way into the wizard), or
 * the entry itself when there is a draft to decide about. A draft changed since (another tab) costs
 * the redirect the steps make anyway (`requireStep`), never a wrong page. Without a draft store to
 * read, the entry decides, as before.
 */
export async function newRequestPath(context: AppLoadContext) {
  const entry = "/reservations/new";
  try {
    const { saved, sessionId } = await savedDraft(context, null);
    if (isFromAnotherSession(saved, sessionId)) return entry;
    return `${entry}/${firstOpenStep(saved ?? emptyDraft(sessionId))}`;
  } catch {
    return entry;
  }
}

export function hasContent(draft: Draft) {
  return Boolean(draft.hotel || draft.rooms || draft.flights || Object.keys(draft.input).length);
}

/**
 * Every step's loader and action: a draft from another session goes to the continue-or-start-over
 * page first; a step whose earlier steps are not done sends the user to the first open one.
 */
export function requireStep(wizard: Wizard, step: WizardStep) {
  if (wizard.fromAnotherSession) throw redirect(wizard.base);
  if (
    !stepIsUnlocked(step, wizard.draft) ||
    (step === "flights" && !wizard.draft.hotel?.needTransfer)
  )
    throw redirect(`${wizard.base}/${firstOpenStep(wizard.draft)}`);
}

/** The next step after `step` that this draft needs. */
export function nextStepUrl(wizard: Wizard, draft: Draft, step: WizardStep) {
  if (step === "hotel") return `${wizard.base}/rooms`;
  if (step === "rooms") return `${wizard.base}/${draft.hotel?.needTransfer ? "flights" : "review"}`;
  return `${wizard.base}/review`;
}

/* ---------- A request booked again ---------- */

const GUEST_LISTS = { 1: "guests", 2: "extraBed", 4: "childWithBed", 3: "childNoBed" } as const;

/**
 * A stored request's rooms as the rooms form's values, birth dates in the user's calendar: for
 * the modify-rooms screen, and for a request booked again.
 */
export function roomsFormValuesOf(summary: RequestSummary, language: string) {
  return {
    rooms: summary.ReserveRoomRequests.map((room) => {
      const lists: Record<string, unknown[]> = {
        guests: [],
        extraBed: [],
        childWithBed: [],
        childNoBed: [],
      };
      for (const guest of room.Passengers) {
        const list = GUEST_LISTS[guest.HotelPassengerType as keyof typeof GUEST_LISTS] ?? "guests";
        lists[list].push({
          firstName: guest.FirstName,
          lastName: guest.LastName,
          dateOfBirth: formatDateInput(guest.DateOfBirth, language),
          gender: guest.Gender,
          passportNumber: guest.PassportNumber,
          nationality: guest.NationalityCountryCode,
        });
      }
      return { roomTypeId: String(room.RoomTypeId), ...lists };
    }),
  };
}

/**
 * A new request's draft that starts from a stored one ("book again"): the same hotel, transfer
 * and remarks, the same rooms and guests (passports, nationalities, birth dates), as typed values
 * the clerk still confirms; no dates, no flights, no reference of its own yet, a new submit key.
 * The rooms stay for as long as step 1 keeps that hotel (`roomsInputHotel`).
 */
export function draftBookedAgain(
  summary: RequestSummary,
  sessionId: string | null,
  language: string,
): Draft {
  return {
    ...emptyDraft(sessionId),
    input: {
      hotel: {
        propertyId: String(summary.AccommodationPropertyId),
        needTransfer: summary.TransportationInfo ? "on" : undefined,
        description: summary.Description ?? "",
      },
      rooms: roomsFormValuesOf(summary, language),
    },
    roomsInputHotel: summary.AccommodationPropertyId,
  };
}

/* ---------- Payloads ---------- */

function requireComplete(draft: Draft) {
  if (!draft.hotel || !draft.rooms) throw new Error("The draft is not complete.");
  return { hotel: draft.hotel, rooms: draft.rooms.rooms };
}

export function priceValidationRequest(draft: Draft): PriceValidationRequest {
  const { hotel, rooms } = requireComplete(draft);
  return {
    AccommodationPropertyId: hotel.propertyId,
    AccommodationPackageId: hotel.accommodationPackageId,
    CheckInDate: hotel.checkIn,
    CheckOutDate: hotel.checkOut,
    ReserveRoomRequests: rooms.map(pricedRoom),
  };
}

/** What a room's price depends on: its type and which extras it has (price validation). */
export function pricedRoom(room: RoomValue) {
  return {
    RoomType: room.roomTypeId,
    HasChildNoBed: room.childNoBed.length > 0,
    HasChildWithBed: room.childWithBed.length > 0,
    HasExtraBed: room.extraBed.length > 0,
  };
}

function passenger(
  guest: GuestValue,
  type: PassengerPayload["HotelPassengerType"],
): PassengerPayload {
  return {
    FirstName: guest.firstName,
    LastName: guest.lastName,
    Birthday: guest.dateOfBirth,
    Gender: guest.gender,
    NationalityCountryCode: guest.nationality,
    PassportNumber: guest.passportNumber,
    HotelPassengerType: type,
    MainGuest: type === GUEST_TYPE.mainGuest,
  };
}

export function flightPayload(
  flight: FlightValue,
  airports: { origin: ResolvedAirport; destination: ResolvedAirport },
  airline: { iata: string; name: string; latinName: string },
): FlightPayload {
  return {
    Airline: { Iata: airline.iata, Name: airline.name, LatinName: airline.latinName },
    FlightNumber: flight.flightNumber,
    DepartureDateTime: `${flight.takeOffDate}T${flight.takeOffTime}:00`,
    // The spec: no landing date, no landing date-time; no duration typed, none sent.
    ArrivalDateTime:
      flight.landingDate && flight.landingTime
        ? `${flight.landingDate}T${flight.landingTime}:00`
        : null,
    Origin: { Iata: airports.origin.iata, Title: airports.origin.title },
    Destination: { Iata: airports.destination.iata, Title: airports.destination.title },
    FlightDuration: flight.duration ?? null,
  };
}

/** Rooms and their passengers as the provider takes them (a new request, or a rooms change). */
export function roomRequestsPayload(
  rooms: RoomValue[],
  roomTypes: Array<{ typeId: number; roomView: string; roomService: string }>,
): ReserveRequestPayload["ReserveRoomRequests"] {
  return rooms.map((room) => {
    const roomType = roomTypes.find((entry) => entry.typeId === room.roomTypeId);
    return {
      ...pricedRoom(room),
      RoomView: roomType?.roomView ?? "",
      RoomService: roomType?.roomService ?? "",
      Passengers: [
        ...room.guests.map((guest) => passenger(guest, GUEST_TYPE.mainGuest)),
        ...room.extraBed.map((guest) => passenger(guest, GUEST_TYPE.extraBed)),
        ...room.childWithBed.map((guest) => passenger(guest, GUEST_TYPE.childWithBed)),
        ...room.childNoBed.map((guest) => passenger(guest, GUEST_TYPE.childNoBed)),
      ],
    };
  });
}

/** The reservation request as the provider takes it; transportation only with a transfer. */
export function reservationPayload(
  draft: Draft,
  roomTypes: Array<{ typeId: number; roomView: string; roomService: string }>,
  orderId: number | null,
): ReserveRequestPayload {
  const { hotel, rooms } = requireComplete(draft);
  const payload: ReserveRequestPayload = {
    AgencyRef: hotel.agencyRef || null,
    AccommodationPropertyId: hotel.propertyId,
    AccommodationPackageId: hotel.accommodationPackageId,
    PropertyId: hotel.hotelId,
    CheckInDate: hotel.checkIn,
    CheckOutDate: hotel.checkOut,
    NeedTransfer: hotel.needTransfer,
    Description: hotel.description,
    ReserveRoomRequests: roomRequestsPayload(rooms, roomTypes),
    ExtendedOrderId: orderId,
  };
  if (hotel.needTransfer && draft.flights) {
    const { arrival, departure, airports, airlines } = draft.flights;
    payload.TransportationInfo = {
      OriginFlight: flightPayload(arrival, airports.arrival, airlines[arrival.airline]),
      DestinationFlight: flightPayload(departure, airports.departure, airlines[departure.airline]),
    };
  }
  return payload;
}

/**
 * A room type's distinct nightly prices over a stay, cheapest first. Without a stay, the base
 * price.
 */
export function nightlyPricesOf(
  roomType: Pick<RoomType, "basePrice" | "roomPrices">,
  stay: Stay | null,
) {
  const prices = stay ? nightlyRoomPrices(roomType, stay) : [];
  return prices.length ? [...new Set(prices)].sort((a, b) => a - b) : [roomType.basePrice];
}

/**
 * A hotel's room types for the rooms form, prices written out in the user's language: the nightly
 * price of the stay's season, or its range when the stay spans seasons.
 */
export function roomTypeViews(
  roomTypes: RoomType[],
  currency: string,
  language: string,
  stay: { checkIn: string; checkOut: string } | null,
  sign?: string,
): RoomTypeView[] {
  const money = (amount: number) => formatMoney(amount, currency, language, sign);
  const nightly = (roomType: RoomType) => {
    const prices = nightlyPricesOf(roomType, stay);
    const [cheapest, dearest] = [prices[0], prices[prices.length - 1]];
    return cheapest === dearest ? money(cheapest) : `${money(cheapest)}–${money(dearest)}`;
  };
  return roomTypes.map((roomType) => ({
    typeId: roomType.typeId,
    name: roomType.name,
    baseCapacity: roomType.baseCapacity,
    rules: roomType.rules,
    board: roomType.roomService,
    view: roomType.roomView,
    price: nightly(roomType),
    pricing: {
      typeId: roomType.typeId,
      basePrice: roomType.basePrice,
      roomPrices: roomType.roomPrices,
      prices: roomType.prices,
    },
    extraPrices: {
      extraBed: money(roomType.prices.extraBedPrice),
      childWithBed: money(roomType.prices.childWithBedPrice),
      childNoBed: money(roomType.prices.childNoBedPrice),
    },
  }));
}
