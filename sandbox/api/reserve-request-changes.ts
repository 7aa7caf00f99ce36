import { http, HttpResponse } from "msw";
import { z } from "zod";
import { providerNow } from "../clock";
import type { ReserveRequest } from "../model";
import {
  domainModelOf,
  fail,
  parseBody,
  requireAcceptModel,
  requireUser,
  type SandboxContext,
} from "./common";
import {
  checkPassengers,
  flightSchema,
  isoDate,
  priceOrFail,
  roomRequestSchema,
  toFlight,
  toRooms,
} from "./reserve-requests";
import { noteView, ownRequest, permissionsOf, type Permissions } from "./reserve-request-views";

const noteSchema = z.object({ Id: z.number().int(), Content: z.string().trim().min(1).max(2000) });
const datesSchema = z.object({ Id: z.number().int(), CheckInDate: isoDate, CheckOutDate: isoDate });
const roomsSchema = z.object({
  Id: z.number().int(),
  ReserveRoomRequests: z.array(roomRequestSchema).min(1, "needs at least one room"),
});
const transportationSchema = z.object({
  Id: z.number().int(),
  TransportationInfo: z.object({ OriginFlight: flightSchema, DestinationFlight: flightSchema }),
});

function requireAllowed(request: ReserveRequest, kind: keyof Permissions) {
  const permission = permissionsOf(request)[kind];
  if (!permission.Allowed) fail(400, permission.Reason ?? "Not allowed.");
}

/** A changed stay or rooms is priced again: the request goes back to be invoiced anew. */
function reinvoice(request: ReserveRequest) {
  request.state = "New";
  request.paymentDeadlineDateTime = null;
}

/**
 * PUT /api/AccommodationReserveRequestClient (a note or a modification, by body model),
 * PUT /api/AccommodationReserveRequestClient/{id} (the agency read the notes) and
 * DELETE /api/AccommodationReserveRequestClient/{id}.
 */
export function reserveRequestChangeHandlers(ctx: SandboxContext) {
  const { store, base } = ctx;
  return [
    http.put(`${base}/api/AccommodationReserveRequestClient`, async ({ request }) => {
      const { user, agency } = requireUser(ctx, request);
      requireAcceptModel(request, null);
      const { state } = store;
      switch (domainModelOf(request.headers.get("Content-Type"))) {
        case "CreateReserveNoteData": {
          const body = await parseBody(request, noteSchema);
          const target = ownRequest(ctx, agency.id, String(body.Id));
          requireAllowed(target, "Notes");
          const note = {
            id: store.nextId(),
            content: body.Content,
            createDateTime: providerNow(),
            creatorUserName: user.userName,
            isBroker: false,
            isRead: false,
          };
          target.notes.push(note);
          store.save();
          if (state.rules.emptyWriteAnswers) return new HttpResponse(null, { status: 204 });
          return HttpResponse.json(noteView(note), { status: 201 });
        }
        case "ReserveRequestDates": {
          const body = await parseBody(request, datesSchema);
          const target = ownRequest(ctx, agency.id, String(body.Id));
          requireAllowed(target, "Dates");
          const hotel = state.hotels.find(
            (entry) => entry.accommodationPropertyId === target.accommodationPropertyId,
          )!;
          priceOrFail(state, {
            AccommodationPropertyId: hotel.accommodationPropertyId,
            AccommodationPackageId: hotel.accommodationPackageId,
            CheckInDate: body.CheckInDate,
            CheckOutDate: body.CheckOutDate,
            ReserveRoomRequests: target.rooms.map((room) => ({
              RoomType: room.roomTypeId,
              HasChildNoBed: room.hasChildNoBed,
              HasChildWithBed: room.hasChildWithBed,
              HasExtraBed: room.hasExtraBed,
            })),
          });
          target.checkIn = body.CheckInDate;
          target.checkOut = body.CheckOutDate;
          reinvoice(target);
          store.save();
          return new HttpResponse(null, { status: 204 });
        }
        case "ReserveRequestRooms": {
          const body = await parseBody(request, roomsSchema);
          const target = ownRequest(ctx, agency.id, String(body.Id));
          requireAllowed(target, "Rooms");
          const { hotel } = priceOrFail(state, {
            AccommodationPropertyId: target.accommodationPropertyId,
            AccommodationPackageId: state.hotels.find(
              (entry) => entry.accommodationPropertyId === target.accommodationPropertyId,
            )!.accommodationPackageId,
            CheckInDate: target.checkIn,
            CheckOutDate: target.checkOut,
            ReserveRoomRequests: body.ReserveRoomRequests,
          });
          checkPassengers({ ...body, CheckInDate: target.checkIn }, hotel);
          target.rooms = toRooms(body.ReserveRoomRequests);
          reinvoice(target);
          store.save();
          return new HttpResponse(null, { status: 204 });
        }
        case "ReserveRequestTransportation": {
          const body = await parseBody(request, transportationSchema);
          const target = ownRequest(ctx, agency.id, String(body.Id));
          requireAllowed(target, "Transportation");
          target.needTransfer = true;
          target.transportation = {
            originFlight: toFlight(body.TransportationInfo.OriginFlight),
            destinationFlight: toFlight(body.TransportationInfo.DestinationFlight),
          };
          store.save();
          return new HttpResponse(null, { status: 204 });
        }
        default:
          return fail(400, "Name the body's domain model on Content-Type.");
      }
    }),

    http.put(`${base}/api/AccommodationReserveRequestClient/:id`, ({ request, params }) => {
      const { agency } = requireUser(ctx, request);
      requireAcceptModel(request, null);
      const target = ownRequest(ctx, agency.id, String(params.id));
      let changed = false;
      for (const note of target.notes) {
        if (note.isBroker && !note.isRead) {
          note.isRead = true;
          changed = true;
        }
      }
      if (changed) store.save();
      return new HttpResponse(null, { status: 204 });
    }),

    http.delete(`${base}/api/AccommodationReserveRequestClient/:id`, ({ request, params }) => {
      const { agency } = requireUser(ctx, request);
      requireAcceptModel(request, null);
      const target = ownRequest(ctx, agency.id, String(params.id));
      requireAllowed(target, "Delete");
      store.state.requests = store.state.requests.filter((entry) => entry !== target);
      store.save();
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
