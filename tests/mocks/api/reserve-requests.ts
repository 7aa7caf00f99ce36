import { providerToday } from "../clock";
import { http, HttpResponse } from "msw";
import { z } from "zod";
import { priceRequest, ruleViolation } from "../prices";
import { domainModelOf, fail, parseBody, requireUser, type SandboxContext } from "./common";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-12-09");

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

/** POST /api/AccommodationReserveRequestClient as AccommodationReserveRequest: price validation. */
export function reserveRequestHandlers(ctx: SandboxContext) {
  const { store, base } = ctx;
  return [
    http.post(`${base}/api/AccommodationReserveRequestClient`, async ({ request }) => {
      requireUser(ctx, request);
      const model = domainModelOf(request.headers.get("Content-Type"));
      if (model !== "AccommodationReserveRequest")
        fail(400, `Unknown domain model ${model ?? "(none)"} for this call.`);
      const body = await parseBody(request, priceValidationSchema);
      const { state } = store;
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
      return HttpResponse.json(
        priceRequest(
          hotel!,
          rooms,
          { checkIn: body.CheckInDate, checkOut: body.CheckOutDate },
          commission,
        ),
      );
    }),
  ];
}
