import { http, HttpResponse } from "msw";
import { z } from "zod";
import { ageOn } from "~/utils/format/date-input";
import { providerNow, providerToday } from "../clock";
import type {
  Flight,
  Hotel,
  Passenger,
  RequestedRoom,
  ReserveRequest,
  SandboxState,
} from "../model";
import { priceRequest, ruleViolation } from "../prices";
import { domainModelOf, fail, parseBody, requireUser, type SandboxContext } from "./common";

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-12-09");

const priceValidationSchema = z.object({
  AccommodationPropertyId: z.number().int(),
  AccommodationPackageId: z.number().int(),
  CheckInDate: isoDate,
  CheckOutDate: isoDate,
  ReserveRoomRequests: z
    .array(
      z.object({
        RoomType: z.number().int(),
        HasChildNoBed: z.boolean(),
        HasChildWithBed: z.boolean(),
        HasExtraBed: z.boolean(),
      }),
    )
    .min(1, "needs at least one room"),
});

const time = z.string().regex(/^\d{2}:\d{2}$/, "must be a time like 07:40");
const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "must be a date-time");

export const flightSchema = z.object({
  Airline: z.object({ Iata: z.string().min(2), Name: z.string(), LatinName: z.string() }),
  FlightNumber: z.string().min(1).max(10),
  DepartureDateTime: dateTime,
  ArrivalDateTime: dateTime.nullable(),
  Origin: z.object({ Iata: z.string().length(3), Title: z.string() }),
  Destination: z.object({ Iata: z.string().length(3), Title: z.string() }),
  FlightDuration: time.nullable(),
});

const passengerSchema = z.object({
  FirstName: z.string().trim().min(1),
  LastName: z.string().trim().min(1),
  Birthday: isoDate,
  Gender: z.enum(["Female", "Male"]),
  NationalityCountryCode: z.string().length(2),
  PassportNumber: z.string().trim().min(5).max(20),
  HotelPassengerType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  MainGuest: z.boolean(),
});

export const roomRequestSchema = z.object({
  RoomType: z.number().int(),
  RoomView: z.string(),
  RoomService: z.string(),
  HasChildNoBed: z.boolean(),
  HasChildWithBed: z.boolean(),
  HasExtraBed: z.boolean(),
  Passengers: z.array(passengerSchema).min(1),
});

const submitSchema = priceValidationSchema.extend({
  AgencyRef: z.string().max(50).nullable(),
  PropertyId: z.number().int(),
  NeedTransfer: z.boolean(),
  Description: z.string().max(1000),
  ReserveRoomRequests: z.array(roomRequestSchema).min(1, "needs at least one room"),
  TransportationInfo: z
    .object({ OriginFlight: flightSchema, DestinationFlight: flightSchema })
    .nullable()
    .optional(),
  ExtendedOrderId: z.number().int().nullable().optional(),
});
type Submission = z.infer<typeof submitSchema>;
type PriceValidation = z.infer<typeof priceValidationSchema>;

/** The rules a request's hotel, dates and rooms must meet; prices them. */
export function priceOrFail(state: SandboxState, body: PriceValidation) {
  const hotel = state.hotels.find(
    (entry) => entry.accommodationPropertyId === body.AccommodationPropertyId,
  );
  if (!hotel || hotel.accommodationPackageId !== body.AccommodationPackageId)
    fail(400, "This hotel is not in that package.");
  if (hotel!.isInActive) fail(400, `${hotel!.hotelName} is not on sale at the moment.`);
  const today = providerToday();
  if (body.CheckInDate < today) fail(400, "The check-in date has passed.");
  if (body.CheckOutDate <= body.CheckInDate)
    fail(400, "The check-out date must come after the check-in date.");
  if (body.CheckInDate < hotel!.availableSince || body.CheckOutDate > hotel!.availableUntil) {
    fail(
      400,
      `${hotel!.hotelName} can be booked from ${hotel!.availableSince} to ${hotel!.availableUntil}.`,
    );
  }
  const rooms = body.ReserveRoomRequests.map((room) => {
    const roomType = hotel!.roomTypes.find((entry) => entry.typeId === room.RoomType);
    if (!roomType)
      return fail(400, `Room type ${room.RoomType} does not belong to ${hotel!.hotelName}.`);
    const selection = {
      roomTypeId: room.RoomType,
      hasChildNoBed: room.HasChildNoBed,
      hasChildWithBed: room.HasChildWithBed,
      hasExtraBed: room.HasExtraBed,
    };
    const violation = ruleViolation(roomType, selection);
    if (violation) fail(400, violation);
    return { roomType, selection };
  });
  const promotion = state.commissionGroups.groups
    .find((group) => group.fromDate <= body.CheckInDate && body.CheckInDate <= group.toDate)
    ?.hotels.find((entry) => entry.hotelName === hotel!.hotelName);
  const commission = promotion ? promotion.commission + promotion.extraCommission : 0;
  const prices = priceRequest(
    hotel!,
    rooms,
    { checkIn: body.CheckInDate, checkOut: body.CheckOutDate },
    commission,
  );
  return { hotel: hotel!, rooms, prices };
}

/** Guests must match their room: its base capacity of main guests, one guest per chosen extra. */
export function checkPassengers(
  body: Pick<Submission, "ReserveRoomRequests" | "CheckInDate">,
  hotel: Hotel,
) {
  body.ReserveRoomRequests.forEach((room, index) => {
    const roomType = hotel.roomTypes.find((entry) => entry.typeId === room.RoomType)!;
    const ofType = (type: number) => room.Passengers.filter((p) => p.HotelPassengerType === type);
    const label = `Room ${index + 1} (${roomType.name})`;
    if (ofType(1).length !== roomType.baseCapacity || ofType(1).some((p) => !p.MainGuest))
      fail(400, `${label}: needs exactly ${roomType.baseCapacity} main guests.`);
    const extras: Array<[number, boolean, string]> = [
      [2, room.HasExtraBed, "extra-bed guest"],
      [4, room.HasChildWithBed, "child with bed"],
      [3, room.HasChildNoBed, "child without bed"],
    ];
    for (const [type, chosen, name] of extras) {
      if (ofType(type).length !== (chosen ? 1 : 0))
        fail(400, `${label}: the ${name} does not match the room's extras.`);
    }
    for (const child of ofType(3))
      if (ageOn(child.Birthday, body.CheckInDate) > 5 || child.Birthday > body.CheckInDate)
        fail(400, `${label}: a child without bed must be 0 to 5 years old at check-in.`);
    for (const child of ofType(4)) {
      const age = ageOn(child.Birthday, body.CheckInDate);
      if (age < 6 || age > 11)
        fail(400, `${label}: a child with bed must be 6 to 11 years old at check-in.`);
    }
  });
}

export function toFlight(flight: z.infer<typeof flightSchema>): Flight {
  return {
    airlineIata: flight.Airline.Iata,
    flightNumber: flight.FlightNumber,
    takeOffDate: flight.DepartureDateTime.slice(0, 10),
    takeOffTime: flight.DepartureDateTime.slice(11, 16),
    landingDate: flight.ArrivalDateTime?.slice(0, 10) ?? null,
    landingTime: flight.ArrivalDateTime?.slice(11, 16) ?? null,
    flightDuration: flight.FlightDuration,
    originIata: flight.Origin.Iata,
    destinationIata: flight.Destination.Iata,
  };
}

export function toRooms(rooms: Submission["ReserveRoomRequests"]): RequestedRoom[] {
  return rooms.map((room) => ({
    roomTypeId: room.RoomType,
    hasChildNoBed: room.HasChildNoBed,
    hasChildWithBed: room.HasChildWithBed,
    hasExtraBed: room.HasExtraBed,
    passengers: room.Passengers.map(
      (p): Passenger => ({
        firstName: p.FirstName,
        lastName: p.LastName,
        dateOfBirth: p.Birthday,
        passportNumber: p.PassportNumber,
        gender: p.Gender,
        nationalityCountryCode: p.NationalityCountryCode,
        hotelPassengerType: p.HotelPassengerType,
        mainGuest: p.MainGuest,
      }),
    ),
  }));
}

/**
 * POST /api/AccommodationReserveRequestClient: price validation (body model
 * AccommodationReserveRequest) or a new reservation request (body model ReserveRequestPayload).
 */
export function reserveRequestHandlers(ctx: SandboxContext) {
  const { store, base } = ctx;
  return [
    http.post(`${base}/api/AccommodationReserveRequestClient`, async ({ request }) => {
      const { user, agency } = requireUser(ctx, request);
      const model = domainModelOf(request.headers.get("Content-Type"));
      if (model === "AccommodationReserveRequest") {
        const body = await parseBody(request, priceValidationSchema);
        return HttpResponse.json(priceOrFail(store.state, body).prices);
      }
      if (model !== "ReserveRequestPayload")
        fail(400, `Unknown domain model ${model ?? "(none)"} for this call.`);
      const raw: unknown = await request
        .clone()
        .json()
        .catch(() => null);
      const body = await parseBody(request, submitSchema);
      // From here to the answer nothing awaits: a second request with the same key waits its turn.
      const { state } = store;
      const key = request.headers.get("Idempotency-Key");
      const earlier = key
        ? state.idempotentAnswers.find(
            (entry) => entry.key === key && entry.userName === user.userName,
          )
        : undefined;
      if (earlier) return HttpResponse.json(earlier.body, { status: earlier.status });

      const { hotel } = priceOrFail(state, body);
      if (body.PropertyId !== hotel.hotelId)
        fail(400, `PropertyId must be ${hotel.hotelName}'s hotelId, ${hotel.hotelId}.`);
      checkPassengers(body, hotel);
      if (body.NeedTransfer !== Boolean(body.TransportationInfo))
        fail(400, "Transportation info goes with a transfer, and only with one.");
      let orderId = body.ExtendedOrderId ?? null;
      if (orderId) {
        const order = state.orders.find(
          (entry) => entry.id === orderId && entry.agencyId === agency.id,
        );
        if (!order) fail(400, "That order does not belong to your agency.");
        if (state.rules.singleCurrencyOrders && order!.currency !== hotel.currency)
          fail(
            400,
            `That order is in ${order!.currency}; ${hotel.hotelName} sells in ${hotel.currency}.`,
          );
      } else {
        // A new request opens an order (a contract) of its own.
        orderId = store.nextId();
        state.orders.push({
          id: orderId,
          contractNumber: `C-${orderId}`,
          agencyId: agency.id,
          createDate: providerToday(),
          currency: hotel.currency,
        });
      }

      const id = store.nextId();
      const reserveRequest: ReserveRequest = {
        id,
        requestNumber: `HR-${id}`,
        agencyId: agency.id,
        userName: user.userName,
        agencyRef: body.AgencyRef,
        state: "New",
        createDateTime: providerNow(),
        paymentDeadlineDateTime: null,
        accommodationPropertyId: hotel.accommodationPropertyId,
        checkIn: body.CheckInDate,
        checkOut: body.CheckOutDate,
        needTransfer: body.NeedTransfer,
        description: body.Description,
        rooms: toRooms(body.ReserveRoomRequests),
        transportation: body.TransportationInfo
          ? {
              originFlight: toFlight(body.TransportationInfo.OriginFlight),
              destinationFlight: toFlight(body.TransportationInfo.DestinationFlight),
            }
          : null,
        orderId,
        notes: [],
      };
      state.requests.push(reserveRequest);
      state.receivedReservations.push({ requestId: id, body: raw });
      const answer = { Id: id, RequestNumber: reserveRequest.requestNumber };
      if (key)
        state.idempotentAnswers.push({ key, userName: user.userName, status: 201, body: answer });
      store.save();
      return HttpResponse.json(answer, { status: 201 });
    }),
  ];
}
