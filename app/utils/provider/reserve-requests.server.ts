import { z } from "zod";
import { providerRequest, type ProviderContext } from "./request.server";

const RESERVE_REQUESTS = "/api/AccommodationReserveRequestClient";

type PricedRoomSelection = {
  RoomType: number;
  HasChildNoBed: boolean;
  HasChildWithBed: boolean;
  HasExtraBed: boolean;
};

export type PriceValidationRequest = {
  AccommodationPropertyId: number;
  AccommodationPackageId: number;
  CheckInDate: string;
  CheckOutDate: string;
  ReserveRoomRequests: PricedRoomSelection[];
};

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
  return z
    .array(entry)
    .nullable()
    .catch(({ error }) => {
      console.warn(
        `Provider fare breakdown: ${name} left out, unreadable: ${error.issues[0]?.message}`,
      );
      return null;
    });
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

/** POST as AccommodationReserveRequest: the provider prices a request (and checks its rules). */
export function validatePrices(ctx: ProviderContext, request: PriceValidationRequest) {
  return providerRequest(
    ctx,
    {
      operation: "reserveRequests.validatePrices",
      method: "POST",
      path: RESERVE_REQUESTS,
      bodyModel: "AccommodationReserveRequest",
      json: request,
    },
    validatedPricesSchema,
  );
}

export type FlightPayload = {
  Airline: { Iata: string; Name: string; LatinName: string };
  FlightNumber: string;
  DepartureDateTime: string;
  ArrivalDateTime: string | null;
  Origin: { Iata: string; Title: string };
  Destination: { Iata: string; Title: string };
  FlightDuration: string | null;
};

export type PassengerPayload = {
  FirstName: string;
  LastName: string;
  Birthday: string;
  Gender: "Female" | "Male";
  NationalityCountryCode: string;
  PassportNumber: string;
  HotelPassengerType: 1 | 2 | 3 | 4;
  MainGuest: boolean;
};

export type ReserveRequestPayload = {
  AgencyRef: string | null;
  AccommodationPropertyId: number;
  AccommodationPackageId: number;
  PropertyId: number;
  CheckInDate: string;
  CheckOutDate: string;
  NeedTransfer: boolean;
  Description: string;
  ReserveRoomRequests: Array<
    PricedRoomSelection & { RoomView: string; RoomService: string; Passengers: PassengerPayload[] }
  >;
  TransportationInfo?: { OriginFlight: FlightPayload; DestinationFlight: FlightPayload };
  ExtendedOrderId: number | null;
};

/**
 * POST as ReserveRequestPayload: submits a reservation request. `idempotencyKey` is sent as
 * `Idempotency-Key`: the same key must get the same answer and never a second request.
 */
export function submitReserveRequest(
  ctx: ProviderContext,
  payload: ReserveRequestPayload,
  idempotencyKey: string,
) {
  return providerRequest(
    ctx,
    {
      operation: "reserveRequests.submitReserveRequest",
      method: "POST",
      path: RESERVE_REQUESTS,
      bodyModel: "ReserveRequestPayload",
      json: payload,
      headers: { "Idempotency-Key": idempotencyKey },
    },
    z.object({ Id: z.number(), RequestNumber: z.string() }),
  );
}

/* ---------- The agency's requests: grid, states, summary, permissions, notes, changes ---------- */

export type RequestGridQuery = {
  Page: number;
  PageSize: number;
  State?: string;
  RequestNumber?: string;
  AgencyRef?: string;
  GuestName?: string;
  HotelName?: string;
  CheckInFrom?: string;
  CheckInTo?: string;
};

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
  State: z.string(),
  CreateDateTime: z.string(),
  PaymentDeadlineDateTime: z.string().nullable(),
  UnreadNoteCount: z.number(),
});
export type RequestRow = z.infer<typeof requestRowSchema>;

/** GET as ReserveRequestGrid: one page of the agency's requests, newest first, filtered. */
export function getRequestGrid(ctx: ProviderContext, query: RequestGridQuery) {
  return providerRequest(
    ctx,
    {
      operation: "reserveRequests.getRequestGrid",
      path: RESERVE_REQUESTS,
      query,
      responseModel: "ReserveRequestGrid",
    },
    z.object({ Items: z.array(requestRowSchema), TotalCount: z.number().int().min(0) }),
  );
}

/** GET as ReserveRequestStates: the states the provider knows, for the list's filter. */
export function getRequestStates(ctx: ProviderContext) {
  return providerRequest(
    ctx,
    {
      operation: "reserveRequests.getRequestStates",
      path: RESERVE_REQUESTS,
      responseModel: "ReserveRequestStates",
    },
    z.array(z.object({ State: z.string(), StateLocalizationKey: z.string().nullish() })),
  );
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
  State: z.string(),
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
      Passengers: z.array(
        z.object({
          FirstName: z.string(),
          LastName: z.string(),
          DateOfBirth: z.string(),
          PassportNumber: z.string(),
          Gender: z.enum(["Female", "Male"]),
          NationalityCountryCode: z.string(),
          HotelPassengerType: z.number(),
        }),
      ),
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

/** GET /{id} as ReserveRequestSummary: everything the details page shows, priced. */
export function getRequestSummary(ctx: ProviderContext, requestId: number) {
  return providerRequest(
    ctx,
    {
      operation: "reserveRequests.getRequestSummary",
      path: `${RESERVE_REQUESTS}/${requestId}`,
      responseModel: "ReserveRequestSummary",
    },
    requestSummarySchema,
  );
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

/** GET ?reserveRequestId= as ReserveRequestPermissions: the pre-modify validation of every change. */
export function getRequestPermissions(ctx: ProviderContext, requestId: number) {
  return providerRequest(
    ctx,
    {
      operation: "reserveRequests.getRequestPermissions",
      path: RESERVE_REQUESTS,
      query: { reserveRequestId: requestId },
      responseModel: "ReserveRequestPermissions",
    },
    requestPermissionsSchema,
  );
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

/** GET ?accommodationReserveRequestId= as ReserveNoteList: the request's notes, oldest first. */
export function getNotes(ctx: ProviderContext, requestId: number) {
  return providerRequest(
    ctx,
    {
      operation: "reserveRequests.getNotes",
      path: RESERVE_REQUESTS,
      query: { accommodationReserveRequestId: requestId },
      responseModel: "ReserveNoteList",
    },
    z.array(noteSchema),
  );
}

/** PUT /{id}, no body: the agency has read the provider's notes. */
export async function markNotesRead(ctx: ProviderContext, requestId: number) {
  await providerRequest(
    ctx,
    {
      operation: "reserveRequests.markNotesRead",
      method: "PUT",
      path: `${RESERVE_REQUESTS}/${requestId}`,
    },
    z.unknown(),
  );
}

/** PUT as CreateReserveNoteData: the agency's note on a request. */
export async function sendNote(ctx: ProviderContext, requestId: number, content: string) {
  await providerRequest(
    ctx,
    {
      operation: "reserveRequests.sendNote",
      method: "PUT",
      path: RESERVE_REQUESTS,
      bodyModel: "CreateReserveNoteData",
      json: { Id: requestId, Content: content },
    },
    z.unknown(),
  );
}

/** PUT as ReserveRequestDates: new check-in and check-out dates. */
export async function changeRequestDates(
  ctx: ProviderContext,
  change: { Id: number; CheckInDate: string; CheckOutDate: string },
) {
  await providerRequest(
    ctx,
    {
      operation: "reserveRequests.changeRequestDates",
      method: "PUT",
      path: RESERVE_REQUESTS,
      bodyModel: "ReserveRequestDates",
      json: change,
    },
    z.unknown(),
  );
}

/** PUT as ReserveRequestRooms: the request's rooms and guests, replaced as a whole. */
export async function changeRequestRooms(
  ctx: ProviderContext,
  change: { Id: number; ReserveRoomRequests: ReserveRequestPayload["ReserveRoomRequests"] },
) {
  await providerRequest(
    ctx,
    {
      operation: "reserveRequests.changeRequestRooms",
      method: "PUT",
      path: RESERVE_REQUESTS,
      bodyModel: "ReserveRequestRooms",
      json: change,
    },
    z.unknown(),
  );
}

/** PUT as ReserveRequestTransportation: both flights, replaced (and the transfer turned on). */
export async function changeRequestTransportation(
  ctx: ProviderContext,
  change: {
    Id: number;
    TransportationInfo: { OriginFlight: FlightPayload; DestinationFlight: FlightPayload };
  },
) {
  await providerRequest(
    ctx,
    {
      operation: "reserveRequests.changeRequestTransportation",
      method: "PUT",
      path: RESERVE_REQUESTS,
      bodyModel: "ReserveRequestTransportation",
      json: change,
    },
    z.unknown(),
  );
}

/** DELETE /{id}: the request is withdrawn. */
export async function deleteRequest(ctx: ProviderContext, requestId: number) {
  await providerRequest(
    ctx,
    {
      operation: "reserveRequests.deleteRequest",
      method: "DELETE",
      path: `${RESERVE_REQUESTS}/${requestId}`,
    },
    z.unknown(),
  );
}
