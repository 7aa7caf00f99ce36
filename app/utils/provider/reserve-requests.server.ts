import { z } from "zod";
import { REQUEST_STATES } from "~/utils/requests/request-states";
import { callProvider, defineCall, pageQuery } from "./call.server";
import type { ProviderContext } from "./request.server";

const RESERVE_REQUESTS = "/api/AccommodationReserveRequestClient";

/** A request's state on the wire: a known one, or one the portal shows by its own name. */
export const requestStateSchema = z
  .string()
  .describe(
    `A request state: ${REQUEST_STATES.join(", ")}; another is shown by its own name, never refused`,
  );

const day = z.string().describe("YYYY-MM-DD");

const pricedRoomSelectionSchema = z.object({
  RoomType: z.number().int().describe("The room type's typeId"),
  HasChildNoBed: z.boolean(),
  HasChildWithBed: z.boolean(),
  HasExtraBed: z.boolean(),
});

const priceValidationRequestSchema = z.object({
  AccommodationPropertyId: z.number().int(),
  AccommodationPackageId: z.number().int(),
  CheckInDate: day,
  CheckOutDate: day,
  ReserveRoomRequests: z.array(pricedRoomSelectionSchema).min(1),
});
export type PriceValidationRequest = z.infer<typeof priceValidationRequestSchema>;

const datePriceSchema = z.object({
  date: z.string(),
  roomPrice: z.number(),
  childNoBedPrice: z.number(),
  childWithBedPrice: z.number(),
  extraBedPrice: z.number(),
});

const specialDatePriceSchema = z.object({
  specialDate: z.string(),
  roomPriceDifference: z.number(),
  childNoBedPriceDifference: z.number(),
  childWithBedPriceDifference: z.number(),
  extraBedPriceDifference: z.number(),
});

/**
 * A room's fare breakdown: a detail beside the totals the provider computed. A list of it the
 * portal cannot read (fields named otherwise) is left out and said so, instead of failing the
 * review, the details page, the print view and the voucher whole (docs/provider-api.md).
 */
function breakdownList<T extends z.ZodTypeAny>(entry: T, name: string) {
  const list = z.array(entry).nullable();
  return z.preprocess((value) => {
    const read = list.safeParse(value);
    if (read.success || value === undefined) return read.success ? value : null;
    console.warn(
      `Provider fare breakdown: ${name} left out, unreadable: ${read.error.issues[0]?.message}`,
    );
    return null;
  }, list);
}

const fareBreakDownSchema = z.object({
  datePrices: breakdownList(datePriceSchema, "datePrices"),
  specialDatePrices: breakdownList(specialDatePriceSchema, "specialDatePrices"),
});

const validatedPricesSchema = z.object({
  currency: z.string(),
  totalPrice: z.number(),
  totalCommissionPerHotel: z.number(),
  finalPrice: z.number(),
  rooms: z.array(
    z.object({
      roomType: z.string(),
      roomTypeId: z.number(),
      roomService: z.string(),
      roomView: z.string(),
      nights: z.number(),
      stayTotalPrice: z.number(),
      extraCharge: z.number(),
      extraChargesTotalPrice: z.number(),
      hasChildNoBed: z.boolean(),
      hasChildWithBed: z.boolean(),
      hasExtraBed: z.boolean(),
      totalPrice: z.number(),
      fareBreakDown: fareBreakDownSchema,
    }),
  ),
});

const validatePricesCall = defineCall({
  operation: "reserveRequests.validatePrices",
  summary: "Prices a request before it is sent, and checks the hotel's rules for its rooms",
  method: "POST",
  path: RESERVE_REQUESTS,
  token: true,
  body: { model: "AccommodationReserveRequest", json: priceValidationRequestSchema },
  answer: validatedPricesSchema,
});

/** POST as AccommodationReserveRequest: the provider prices a request (and checks its rules). */
export function validatePrices(ctx: ProviderContext, request: PriceValidationRequest) {
  return callProvider(ctx, validatePricesCall, { json: request });
}

const dateTime = z.string().describe("YYYY-MM-DDTHH:mm:ss, local to the airport");

const flightPayloadSchema = z.object({
  Airline: z.object({
    Iata: z.string(),
    Name: z
      .string()
      .describe(
        "The Persian name; empty for an airline the provider's list lacks (typed by its IATA code), whose one name the airline service gives is a Latin one",
      ),
    LatinName: z.string(),
  }),
  FlightNumber: z.string(),
  DepartureDateTime: dateTime,
  ArrivalDateTime: dateTime.nullable(),
  Origin: z.object({ Iata: z.string(), Title: z.string() }),
  Destination: z.object({ Iata: z.string(), Title: z.string() }),
  FlightDuration: z.string().nullable().describe("HH:mm"),
});
export type FlightPayload = z.infer<typeof flightPayloadSchema>;

const PASSENGER_TYPES =
  "1 main guest (ADT), 2 extra adult on an extra bed (ADTEB), 3 child without bed (CHDNB), 4 child with bed (CHDWB)";

const passengerPayloadSchema = z.object({
  FirstName: z.string(),
  LastName: z.string(),
  Birthday: day,
  Gender: z.enum(["Female", "Male"]),
  NationalityCountryCode: z.string().describe("ISO 3166-1 alpha-2"),
  PassportNumber: z.string(),
  HotelPassengerType: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
    .describe(PASSENGER_TYPES),
  MainGuest: z.boolean(),
});
export type PassengerPayload = z.infer<typeof passengerPayloadSchema>;

const requestedRoomSchema = pricedRoomSelectionSchema.extend({
  RoomView: z.string(),
  RoomService: z.string(),
  Passengers: z.array(passengerPayloadSchema).min(1),
});

const transportationSchema = z.object({
  OriginFlight: flightPayloadSchema,
  DestinationFlight: flightPayloadSchema,
});

const reserveRequestPayloadSchema = z.object({
  AgencyRef: z.string().nullable().describe("The agency's own reference, if it gave one"),
  AccommodationPropertyId: z.number().int(),
  AccommodationPackageId: z.number().int(),
  PropertyId: z
    .number()
    .int()
    .describe(
      "The hotel itself: the package hotel's hotelId, the same in every package (AccommodationPropertyId names the hotel in this package)",
    ),
  CheckInDate: day,
  CheckOutDate: day,
  NeedTransfer: z.boolean(),
  Description: z.string(),
  ReserveRoomRequests: z.array(requestedRoomSchema).min(1),
  TransportationInfo: transportationSchema.optional(),
  ExtendedOrderId: z
    .number()
    .int()
    .nullable()
    .describe("The order this request is added to; null for a new order"),
});
export type ReserveRequestPayload = z.infer<typeof reserveRequestPayloadSchema>;

const submitReserveRequestCall = defineCall({
  operation: "reserveRequests.submitReserveRequest",
  summary:
    "Submits a reservation request; the same Idempotency-Key gets the same answer, never a second request",
  method: "POST",
  path: RESERVE_REQUESTS,
  token: true,
  headers: z.object({
    "Idempotency-Key": z.string().min(1).describe("One key per request the clerk sends"),
  }),
  body: { model: "ReserveRequestPayload", json: reserveRequestPayloadSchema },
  answer: z.object({ Id: z.number(), RequestNumber: z.string() }),
  status: 201,
});

/**
 * POST as ReserveRequestPayload: submits a reservation request. `idempotencyKey` is sent as
 * `Idempotency-Key`: the same key must get the same answer and never a second request.
 */
export function submitReserveRequest(
  ctx: ProviderContext,
  payload: ReserveRequestPayload,
  idempotencyKey: string,
) {
  return callProvider(ctx, submitReserveRequestCall, {
    json: payload,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/* ---------- The agency's requests: grid, states, summary, permissions, notes, changes ---------- */

const requestGridQuerySchema = z.object({
  ...pageQuery,
  State: requestStateSchema.optional(),
  RequestNumber: z.string().optional(),
  AgencyRef: z.string().optional(),
  GuestName: z.string().optional().describe("A part of any guest's first or last name"),
  HotelName: z.string().optional().describe("A part of the hotel's name"),
  CheckInFrom: day.optional(),
  CheckInTo: day.optional(),
  PaymentDeadlineTo: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)
    .optional()
    .describe(
      "YYYY-MM-DDTHH:mm:ss, the provider's wall clock: only requests whose payment deadline is on or before it. Optional for a provider: one that ignores it answers every request, and the portal compares the deadlines itself",
    ),
});
export type RequestGridQuery = z.infer<typeof requestGridQuerySchema>;

const requestRowSchema = z.object({
  Id: z.number(),
  RequestNumber: z.string(),
  AgencyRef: z.string().nullable(),
  HotelName: z.string(),
  HotelGrade: z.number(),
  CheckInDate: z.string(),
  CheckoutDate: z.string(),
  RoomCount: z.number(),
  GuestCount: z.number(),
  State: requestStateSchema,
  CreateDateTime: z.string(),
  PaymentDeadlineDateTime: z.string().nullable(),
  UnreadNoteCount: z.number(),
});
export type RequestRow = z.infer<typeof requestRowSchema>;

const requestGridCall = defineCall({
  operation: "reserveRequests.getRequestGrid",
  summary: "One page of the agency's requests, newest first, filtered",
  path: RESERVE_REQUESTS,
  token: true,
  query: requestGridQuerySchema,
  responseModel: "ReserveRequestGrid",
  answer: z.object({ Items: z.array(requestRowSchema), TotalCount: z.number().int().min(0) }),
});

/** GET as ReserveRequestGrid: one page of the agency's requests, newest first, filtered. */
export function getRequestGrid(ctx: ProviderContext, query: RequestGridQuery) {
  return callProvider(ctx, requestGridCall, { query });
}

/** A passenger as the provider reads it back: the summary's rooms and the travellers' grid. */
const passengerReadSchema = z.object({
  FirstName: z.string(),
  LastName: z.string(),
  DateOfBirth: day,
  PassportNumber: z.string(),
  Gender: z.enum(["Female", "Male"]),
  NationalityCountryCode: z.string().describe("ISO 3166-1 alpha-2"),
  HotelPassengerType: z.number().describe(PASSENGER_TYPES),
});

const travellerRowSchema = z.object({
  Id: z.number(),
  RequestNumber: z.string(),
  HotelName: z.string(),
  CheckInDate: day,
  CheckoutDate: day,
  CreateDateTime: z.string(),
  Passengers: z.array(passengerReadSchema).describe("Every passenger of the request"),
});
export type TravellerRow = z.infer<typeof travellerRowSchema>;

const travellersCall = defineCall({
  operation: "reserveRequests.getRequestTravellers",
  summary:
    "The agency's requests with a guest of this name, newest first, with their passengers: travellers booked before",
  path: RESERVE_REQUESTS,
  token: true,
  lookup: true,
  query: z.object({
    ...pageQuery,
    GuestName: z.string().min(2).describe('A part of any guest\'s "first last" name'),
  }),
  responseModel: "ReserveRequestTravellers",
  answer: z.object({ Items: z.array(travellerRowSchema), TotalCount: z.number().int().min(0) }),
});

/**
 * GET as ReserveRequestTravellers: the newest `pageSize` of the agency's requests with a guest
 * whose name holds `guestName`, each with its passengers. Counted as a lookup (typed as one goes).
 */
export function getRequestTravellers(ctx: ProviderContext, guestName: string, pageSize: number) {
  return callProvider(ctx, travellersCall, {
    query: { GuestName: guestName, Page: 1, PageSize: pageSize },
  });
}

const requestStatesCall = defineCall({
  operation: "reserveRequests.getRequestStates",
  summary: "The request states the provider knows, for the list's filter",
  path: RESERVE_REQUESTS,
  token: true,
  responseModel: "ReserveRequestStates",
  answer: z.array(
    z.object({ State: requestStateSchema, StateLocalizationKey: z.string().nullish() }),
  ),
});

/** GET as ReserveRequestStates: the states the provider knows, for the list's filter. */
export function getRequestStates(ctx: ProviderContext) {
  return callProvider(ctx, requestStatesCall);
}

const flightReadSchema = z.object({
  flightNumber: z.string(),
  takeOffDate: z.string(),
  takeOffTime: z.string(),
  landingDate: z.string().nullable(),
  landingTime: z.string().nullable(),
  flightDuration: z.string().nullable(),
  airline: z.object({ iata: z.string(), title: z.string(), localTitle: z.string().nullish() }),
  originAirport: z.object({ iata: z.string(), title: z.string() }),
  destinationAirport: z.object({ iata: z.string(), title: z.string() }),
});
export type FlightRead = z.infer<typeof flightReadSchema>;

const requestSummarySchema = z.object({
  Id: z.number(),
  RequestNumber: z.string(),
  AgencyRef: z.string().nullable(),
  State: requestStateSchema,
  CreateDateTime: z.string(),
  PaymentDeadlineDateTime: z.string().nullable(),
  OrderId: z.number().nullable(),
  AccommodationPropertyId: z.number(),
  AccommodationPackageId: z.number(),
  PackageTitle: z.string(),
  HotelName: z.string(),
  HotelGrade: z.number(),
  CheckInDate: z.string().nullable(),
  CheckoutDate: z.string().nullable(),
  Description: z.string().nullish(),
  Currency: z.object({ Code: z.string(), Sign: z.string() }),
  TotalPrice: z.number(),
  ReserveRoomRequests: z.array(
    z.object({
      RoomTypeId: z.number(),
      RoomType: z.string(),
      RoomService: z.string(),
      RoomView: z.string(),
      Passengers: z.array(passengerReadSchema),
      RoomPriceInfo: z.object({
        Nights: z.number(),
        StayTotalPrice: z.number(),
        ExtraCharge: z.number(),
        TotalPrice: z.number(),
        CurrencySign: z.string(),
        HasChildNoBed: z.boolean(),
        HasChildWithBed: z.boolean(),
        HasExtraBed: z.boolean(),
        FareBreakDown: fareBreakDownSchema,
      }),
    }),
  ),
  TransportationInfo: z
    .object({ OriginFlight: flightReadSchema, DestinationFlight: flightReadSchema })
    .nullable(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

const requestPath = z.object({ requestId: z.number().int() });

const requestSummaryCall = defineCall({
  operation: "reserveRequests.getRequestSummary",
  summary: "One request, whole and priced: what its details page, print view and voucher show",
  path: `${RESERVE_REQUESTS}/{requestId}`,
  token: true,
  params: requestPath,
  responseModel: "ReserveRequestSummary",
  answer: requestSummarySchema,
});

/** GET /{id} as ReserveRequestSummary: everything the details page shows, priced. */
export function getRequestSummary(ctx: ProviderContext, requestId: number) {
  return callProvider(ctx, requestSummaryCall, { params: { requestId } });
}

const permissionSchema = z.object({ Allowed: z.boolean(), Reason: z.string().nullable() });
const requestPermissionsSchema = z.object({
  Dates: permissionSchema,
  Rooms: permissionSchema,
  Transportation: permissionSchema,
  Delete: permissionSchema,
  Notes: permissionSchema,
});
export type RequestPermissions = z.infer<typeof requestPermissionsSchema>;
export type RequestChange = keyof RequestPermissions;

const requestPermissionsCall = defineCall({
  operation: "reserveRequests.getRequestPermissions",
  summary: "Which changes the provider allows on a request now, and why not (optional call)",
  path: RESERVE_REQUESTS,
  token: true,
  query: z.object({ reserveRequestId: z.number().int() }),
  responseModel: "ReserveRequestPermissions",
  answer: requestPermissionsSchema,
});

/** GET ?reserveRequestId= as ReserveRequestPermissions: the pre-modify validation of every change. */
export function getRequestPermissions(ctx: ProviderContext, requestId: number) {
  return callProvider(ctx, requestPermissionsCall, { query: { reserveRequestId: requestId } });
}

const noteSchema = z.object({
  Id: z.number(),
  Content: z.string(),
  CreateDateTime: z.string(),
  CreatorUserName: z.string(),
  IsBroker: z.boolean(),
  IsRead: z.boolean(),
});
export type Note = z.infer<typeof noteSchema>;

const notesCall = defineCall({
  operation: "reserveRequests.getNotes",
  summary: "A request's notes between the agency and the provider, oldest first",
  path: RESERVE_REQUESTS,
  token: true,
  query: z.object({ accommodationReserveRequestId: z.number().int() }),
  responseModel: "ReserveNoteList",
  answer: z.array(noteSchema),
});

/** GET ?accommodationReserveRequestId= as ReserveNoteList: the request's notes, oldest first. */
export function getNotes(ctx: ProviderContext, requestId: number) {
  return callProvider(ctx, notesCall, { query: { accommodationReserveRequestId: requestId } });
}

const markNotesReadCall = defineCall({
  operation: "reserveRequests.markNotesRead",
  summary: "The agency has read the provider's notes on a request (no body)",
  method: "PUT",
  path: `${RESERVE_REQUESTS}/{requestId}`,
  token: true,
  params: requestPath,
  answer: "empty",
});

/** PUT /{id}, no body: the agency has read the provider's notes. */
export async function markNotesRead(ctx: ProviderContext, requestId: number) {
  await callProvider(ctx, markNotesReadCall, { params: { requestId } });
}

/** The changes of a request are PUTs on the collection, told apart by their body's model. */
function requestChangeCall<Body extends z.ZodTypeAny>(
  operation: string,
  summary: string,
  model: string,
  json: Body,
) {
  return defineCall({
    operation,
    summary,
    method: "PUT",
    path: RESERVE_REQUESTS,
    token: true,
    body: { model, json },
    answer: "empty",
  });
}

const requestIdField = z.number().int().describe("The request's Id");

const noteBodySchema = z.object({ Id: requestIdField, Content: z.string().min(1).max(2000) });
const sendNoteCall = defineCall({
  operation: "reserveRequests.sendNote",
  summary: "The agency's note on a request; answers the note as the list shows it, or nothing",
  method: "PUT",
  path: RESERVE_REQUESTS,
  token: true,
  body: { model: "CreateReserveNoteData", json: noteBodySchema },
  answer: noteSchema,
  status: 201,
  orEmpty: true,
});

/**
 * PUT as CreateReserveNoteData: the agency's note on a request. Whatever the provider answers of
 * it, the page reads the thread again, so a provider answering nothing is as good as one
 * answering the note.
 */
export async function sendNote(ctx: ProviderContext, requestId: number, content: string) {
  await callProvider(ctx, sendNoteCall, { json: { Id: requestId, Content: content } });
}

const datesChangeSchema = z.object({ Id: requestIdField, CheckInDate: day, CheckOutDate: day });
const changeDatesCall = requestChangeCall(
  "reserveRequests.changeRequestDates",
  "New check-in and check-out dates for a request",
  "ReserveRequestDates",
  datesChangeSchema,
);

/** PUT as ReserveRequestDates: new check-in and check-out dates. */
export async function changeRequestDates(
  ctx: ProviderContext,
  change: z.infer<typeof datesChangeSchema>,
) {
  await callProvider(ctx, changeDatesCall, { json: change });
}

const roomsChangeSchema = z.object({
  Id: requestIdField,
  ReserveRoomRequests: z.array(requestedRoomSchema).min(1),
});
const changeRoomsCall = requestChangeCall(
  "reserveRequests.changeRequestRooms",
  "A request's rooms and guests, replaced as a whole",
  "ReserveRequestRooms",
  roomsChangeSchema,
);

/** PUT as ReserveRequestRooms: the request's rooms and guests, replaced as a whole. */
export async function changeRequestRooms(
  ctx: ProviderContext,
  change: z.infer<typeof roomsChangeSchema>,
) {
  await callProvider(ctx, changeRoomsCall, { json: change });
}

const transportationChangeSchema = z.object({
  Id: requestIdField,
  TransportationInfo: transportationSchema,
});
const changeTransportationCall = requestChangeCall(
  "reserveRequests.changeRequestTransportation",
  "Both flights of a request, replaced (and the transfer turned on)",
  "ReserveRequestTransportation",
  transportationChangeSchema,
);

/** PUT as ReserveRequestTransportation: both flights, replaced (and the transfer turned on). */
export async function changeRequestTransportation(
  ctx: ProviderContext,
  change: z.infer<typeof transportationChangeSchema>,
) {
  await callProvider(ctx, changeTransportationCall, { json: change });
}

const deleteRequestCall = defineCall({
  operation: "reserveRequests.deleteRequest",
  summary: "Withdraws a request",
  method: "DELETE",
  path: `${RESERVE_REQUESTS}/{requestId}`,
  token: true,
  params: requestPath,
  answer: "empty",
});

/** DELETE /{id}: the request is withdrawn. */
export async function deleteRequest(ctx: ProviderContext, requestId: number) {
  await callProvider(ctx, deleteRequestCall, { params: { requestId } });
}

export const reserveRequestsCalls = [
  validatePricesCall,
  submitReserveRequestCall,
  requestGridCall,
  requestStatesCall,
  requestSummaryCall,
  requestPermissionsCall,
  notesCall,
  markNotesReadCall,
  sendNoteCall,
  changeDatesCall,
  changeRoomsCall,
  changeTransportationCall,
  deleteRequestCall,
];
