import { z } from "zod";
import { providerRequest, type ProviderContext } from "./request.server";

const RESERVE_REQUESTS = "/api/AccommodationReserveRequestClient";

export type PricedRoomSelection = {
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

export const validatedPricesSchema = z.object({
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
      fareBreakDown: z.object({
        datePrices: z.array(datePriceSchema),
        specialDatePrices: z.array(specialDatePriceSchema),
      }),
    }),
  ),
});
export type ValidatedPrices = z.infer<typeof validatedPricesSchema>;

/** POST as AccommodationReserveRequest: the provider prices a request (and checks its rules). */
export function validatePrices(ctx: ProviderContext, request: PriceValidationRequest) {
  return providerRequest(
    ctx,
    {
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
      method: "POST",
      path: RESERVE_REQUESTS,
      bodyModel: "ReserveRequestPayload",
      json: payload,
      headers: { "Idempotency-Key": idempotencyKey },
    },
    z.object({ Id: z.number(), RequestNumber: z.string() }),
  );
}
