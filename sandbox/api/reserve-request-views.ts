import { http, HttpResponse } from "msw";
import type { Flight, Note, Passenger, ReserveRequest, SandboxState } from "../model";
import { REQUEST_STATES } from "../model";
import { priceRequest } from "../prices";
import {
  domainModelOf,
  fail,
  pageOf,
  requireAcceptModel,
  requireUser,
  type SandboxContext,
} from "./common";

/**
 * What the provider shows of an agency's reservation requests: the grid, the state list, one
 * request's summary, what may be changed on it (pre-modify validation) and its notes.
 */

/** The provider's word on each change; the portal offers only what is allowed. */
type Permission = { Allowed: boolean; Reason: string | null };
export type Permissions = Record<
  "Dates" | "Rooms" | "Transportation" | "Delete" | "Notes",
  Permission
>;

const CHANGEABLE: Record<Exclude<keyof Permissions, "Notes">, ReserveRequest["state"][]> = {
  Dates: ["New", "Requested", "PaymentPending"],
  Rooms: ["New", "Requested"],
  Transportation: [
    "New",
    "Requested",
    "PaymentPending",
    "ConfirmationPending",
    "Confirmed",
    "Approved",
  ],
  Delete: ["New", "Requested"],
};

export function permissionsOf(request: ReserveRequest): Permissions {
  const rule = (kind: keyof typeof CHANGEABLE, what: string): Permission =>
    CHANGEABLE[kind].includes(request.state)
      ? { Allowed: true, Reason: null }
      : { Allowed: false, Reason: `${what} once a request is ${request.state}.` };
  return {
    Dates: rule("Dates", "The dates can no longer be changed"),
    Rooms: rule("Rooms", "The rooms can no longer be changed"),
    Transportation: rule("Transportation", "The transportation can no longer be changed"),
    Delete: rule("Delete", "A request can no longer be deleted"),
    Notes:
      request.state === "Confirmed"
        ? { Allowed: false, Reason: "Notes cannot be sent on a confirmed request." }
        : { Allowed: true, Reason: null },
  };
}

/** The agency's own request, or 404 (another agency's requests do not exist for it). */
export function ownRequest(ctx: SandboxContext, agencyId: number, id: string | null) {
  const found = ctx.store.state.requests.find(
    (entry) => String(entry.id) === id && entry.agencyId === agencyId,
  );
  return found ?? fail(404, `No reservation request ${id}.`);
}

function hotelOf(state: SandboxState, request: ReserveRequest) {
  return state.hotels.find(
    (entry) => entry.accommodationPropertyId === request.accommodationPropertyId,
  )!;
}

function gridRow(state: SandboxState, request: ReserveRequest) {
  const hotel = hotelOf(state, request);
  return {
    Id: request.id,
    RequestNumber: request.requestNumber,
    AgencyRef: request.agencyRef,
    HotelName: hotel.hotelName,
    HotelGrade: hotel.hotelGrade,
    CheckInDate: request.checkIn,
    CheckoutDate: request.checkOut,
    RoomCount: request.rooms.length,
    GuestCount: request.rooms.reduce((sum, room) => sum + room.passengers.length, 0),
    State: request.state,
    CreateDateTime: request.createDateTime,
    PaymentDeadlineDateTime: request.paymentDeadlineDateTime,
    UnreadNoteCount: request.notes.filter((note) => note.isBroker && !note.isRead).length,
  };
}

/** A grid row with its passengers, for the travellers booked before (`ReserveRequestTravellers`). */
function travellersRow(state: SandboxState, request: ReserveRequest) {
  return {
    Id: request.id,
    RequestNumber: request.requestNumber,
    HotelName: hotelOf(state, request).hotelName,
    CheckInDate: request.checkIn,
    CheckoutDate: request.checkOut,
    CreateDateTime: request.createDateTime,
    Passengers: request.rooms.flatMap((room) => room.passengers.map(passengerView)),
  };
}

function passengerView(p: Passenger) {
  return {
    FirstName: p.firstName,
    LastName: p.lastName,
    DateOfBirth: p.dateOfBirth,
    PassportNumber: p.passportNumber,
    Gender: p.gender,
    NationalityCountryCode: p.nationalityCountryCode,
    HotelPassengerType: p.hotelPassengerType,
  };
}

function gridPage<Row>(
  state: SandboxState,
  agencyId: number,
  query: URLSearchParams,
  row: (state: SandboxState, request: ReserveRequest) => Row,
) {
  const param = (name: string) => query.get(name)?.trim() || null;
  const page = pageOf(query);
  const contains = (value: string | null | undefined, part: string | null) =>
    !part || (value ?? "").toLowerCase().includes(part.toLowerCase());
  const stateFilter = param("State");
  const from = param("CheckInFrom");
  const to = param("CheckInTo");
  // A provider that does not know this filter ignores it (ProviderRules).
  const deadlineTo = state.rules.paymentDeadlineFilter ? param("PaymentDeadlineTo") : null;
  const rows = state.requests
    .filter((request) => request.agencyId === agencyId)
    .filter(
      (request) =>
        (!stateFilter || request.state === stateFilter) &&
        contains(request.requestNumber, param("RequestNumber")) &&
        contains(request.agencyRef, param("AgencyRef")) &&
        contains(hotelOf(state, request).hotelName, param("HotelName")) &&
        (!param("GuestName") ||
          request.rooms.some((room) =>
            room.passengers.some((p) =>
              contains(`${p.firstName} ${p.lastName}`, param("GuestName")),
            ),
          )) &&
        (!from || request.checkIn >= from) &&
        (!to || request.checkIn <= to) &&
        (!deadlineTo ||
          (request.paymentDeadlineDateTime !== null &&
            request.paymentDeadlineDateTime.slice(0, 19) <= deadlineTo)),
    )
    .sort((a, b) => b.createDateTime.localeCompare(a.createDateTime) || b.id - a.id);
  return {
    Items: page(rows).map((request) => row(state, request)),
    TotalCount: rows.length,
  };
}

function flightView(state: SandboxState, flight: Flight) {
  const airline = state.airlines.find((entry) => entry.iata === flight.airlineIata);
  const airport = (iata: string) => ({
    iata,
    title: state.airports.find((entry) => entry.iata === iata)?.title ?? iata,
  });
  return {
    flightNumber: flight.flightNumber,
    takeOffDate: flight.takeOffDate,
    takeOffTime: flight.takeOffTime,
    landingDate: flight.landingDate,
    landingTime: flight.landingTime,
    flightDuration: flight.flightDuration,
    airline: {
      iata: flight.airlineIata,
      title: airline?.latinName ?? flight.airlineIata,
      localTitle: airline?.name ?? flight.airlineIata,
    },
    originAirport: airport(flight.originIata),
    destinationAirport: airport(flight.destinationIata),
  };
}

/** The request as the details page shows it, priced from its hotel's contract as it stands now. */
function requestSummary(state: SandboxState, request: ReserveRequest) {
  const hotel = hotelOf(state, request);
  const pkg = state.packages.find((entry) => entry.id === hotel.accommodationPackageId);
  const currency = state.currencies.find((entry) => entry.code === hotel.currency);
  const rooms = request.rooms.map((room) => ({
    roomType: hotel.roomTypes.find((entry) => entry.typeId === room.roomTypeId)!,
    selection: room,
  }));
  const prices = priceRequest(
    hotel,
    rooms,
    { checkIn: request.checkIn, checkOut: request.checkOut },
    0,
  );
  return {
    Id: request.id,
    RequestNumber: request.requestNumber,
    AgencyRef: request.agencyRef,
    State: request.state,
    StateLocalizationKey: request.state === "New" ? "Invoiced" : request.state,
    CreateDateTime: request.createDateTime,
    PaymentDeadlineDateTime: request.paymentDeadlineDateTime,
    OrderId: request.orderId,
    AccommodationPropertyId: hotel.accommodationPropertyId,
    AccommodationPackageId: hotel.accommodationPackageId,
    PackageTitle: pkg?.title ?? "",
    HotelName: hotel.hotelName,
    HotelGrade: hotel.hotelGrade,
    CheckInDate: request.checkIn,
    CheckoutDate: request.checkOut,
    Description: request.description,
    Currency: { Code: hotel.currency, Sign: currency?.sign ?? hotel.currency },
    TotalPrice: prices.totalPrice,
    ReserveRoomRequests: request.rooms.map((room, index) => {
      const priced = prices.rooms[index];
      return {
        RoomTypeId: room.roomTypeId,
        RoomType: priced.roomType,
        RoomService: priced.roomService,
        RoomView: priced.roomView,
        Passengers: room.passengers.map(passengerView),
        RoomPriceInfo: {
          Nights: priced.nights,
          StayTotalPrice: priced.stayTotalPrice,
          ExtraCharge: priced.extraChargesTotalPrice,
          TotalPrice: priced.totalPrice,
          CurrencySign: currency?.sign ?? hotel.currency,
          HasChildNoBed: room.hasChildNoBed,
          HasChildWithBed: room.hasChildWithBed,
          HasExtraBed: room.hasExtraBed,
          FareBreakDown: priced.fareBreakDown,
        },
      };
    }),
    TransportationInfo: request.transportation
      ? {
          OriginFlight: flightView(state, request.transportation.originFlight),
          DestinationFlight: flightView(state, request.transportation.destinationFlight),
        }
      : null,
  };
}

export function noteView(note: Note) {
  return {
    Id: note.id,
    Content: note.content,
    CreateDateTime: note.createDateTime,
    CreateDate: note.createDateTime.slice(0, 10),
    CreateTime: note.createDateTime.slice(11, 16),
    CreatorUserName: note.creatorUserName,
    OrderNoteType: note.isBroker ? "Broker" : "Customer",
    IsBroker: note.isBroker,
    IsRead: note.isRead,
  };
}

/** GET /api/AccommodationReserveRequestClient[/{id}]: the models are told apart by `Accept`. */
export function reserveRequestViewHandlers(ctx: SandboxContext) {
  const { store, base } = ctx;
  return [
    http.get(`${base}/api/AccommodationReserveRequestClient`, ({ request }) => {
      const { agency } = requireUser(ctx, request);
      const query = new URL(request.url).searchParams;
      const { state } = store;
      switch (domainModelOf(request.headers.get("Accept"))) {
        case "ReserveRequestGrid":
          return HttpResponse.json(gridPage(state, agency.id, query, gridRow));
        case "ReserveRequestTravellers":
          if ((query.get("GuestName")?.trim().length ?? 0) < 2)
            return fail(400, "GuestName must hold at least two characters.");
          return HttpResponse.json(gridPage(state, agency.id, query, travellersRow));
        case "ReserveRequestStates":
          return HttpResponse.json(
            REQUEST_STATES.map((name) => ({
              State: name,
              StateLocalizationKey: name === "New" ? "Invoiced" : name,
            })),
          );
        case "ReserveRequestPermissions":
          return HttpResponse.json(
            permissionsOf(ownRequest(ctx, agency.id, query.get("reserveRequestId"))),
          );
        case "ReserveNoteList":
          return HttpResponse.json(
            ownRequest(ctx, agency.id, query.get("accommodationReserveRequestId")).notes.map(
              noteView,
            ),
          );
        default:
          return fail(406, "Name a domain model this call answers on Accept.");
      }
    }),
    http.get(`${base}/api/AccommodationReserveRequestClient/:id`, ({ request, params }) => {
      const { agency } = requireUser(ctx, request);
      requireAcceptModel(request, "ReserveRequestSummary");
      return HttpResponse.json(
        requestSummary(store.state, ownRequest(ctx, agency.id, String(params.id))),
      );
    }),
  ];
}
