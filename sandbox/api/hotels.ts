import { http, HttpResponse } from "msw";
import type { Hotel, SandboxState } from "../model";
import { fail, requireAcceptModel, requireUser, type SandboxContext } from "./common";

/** A hotel of a package as the provider lists it; `minPrice` is its cheapest room's base price. */
function packageHotel(state: SandboxState, hotel: Hotel) {
  const pkg = state.packages.find((entry) => entry.id === hotel.accommodationPackageId);
  const cheapest = [...hotel.roomTypes].sort((a, b) => a.basePrice - b.basePrice)[0];
  return {
    accommodationPropertyId: hotel.accommodationPropertyId,
    accommodationPackageId: hotel.accommodationPackageId,
    hotelPackageId: hotel.accommodationPackageId,
    hotelId: hotel.hotelId,
    title: pkg?.title ?? "",
    hotelName: hotel.hotelName,
    hotelGrade: hotel.hotelGrade,
    hotelPlace: hotel.hotelPlace,
    currency: hotel.currency,
    availableSince: hotel.availableSince,
    availableUntil: hotel.availableUntil,
    minPrice: cheapest?.basePrice ?? 0,
    roomService: cheapest?.roomService ?? "",
    isInActive: hotel.isInActive,
  };
}

/**
 * Package hotels and their room types (/api/accommodationPropertyClient), airlines
 * (/api/AirLineInfo), the third-party geo service's airport and place lookups (/geo/airports,
 * /geo/locations) and the airline
 * service's lookup (/airline-service/airlines).
 */
export function hotelHandlers(ctx: SandboxContext) {
  const { store, base } = ctx;
  const listHotels = ({ request }: { request: Request }) => {
    requireUser(ctx, request);
    requireAcceptModel(request, null);
    const query = new URL(request.url).searchParams;
    const param = (name: string) => query.get(name)?.trim() || null;
    const packageId = param("accommodationPackageId");
    const place = param("hotelPlace");
    const grade = param("hotelGrade");
    const name = param("hotelName")?.toLowerCase();
    const propertyId = param("propertyId");
    const { state } = store;
    const hotels = state.hotels.filter(
      (hotel) =>
        (!propertyId || String(hotel.accommodationPropertyId) === propertyId) &&
        (!packageId || String(hotel.accommodationPackageId) === packageId) &&
        (!place || hotel.hotelPlace.toLowerCase() === place.toLowerCase()) &&
        (!grade || String(hotel.hotelGrade) === grade) &&
        (!name || hotel.hotelName.toLowerCase().includes(name)),
    );
    return HttpResponse.json(hotels.map((hotel) => packageHotel(state, hotel)));
  };
  const roomTypes = ({
    request,
    params,
  }: {
    request: Request;
    params: Record<string, unknown>;
  }) => {
    requireUser(ctx, request);
    requireAcceptModel(request, null);
    const { state } = store;
    const hotel = state.hotels.find((entry) => String(entry.accommodationPropertyId) === params.id);
    if (!hotel) return fail(404, "No such hotel.");
    return HttpResponse.json({
      ...packageHotel(state, hotel),
      roomTypes: hotel.roomTypes.map((roomType) => ({ ...roomType, currency: hotel.currency })),
    });
  };
  return [
    // The provider's own spelling differs between the list and the one-hotel call; both answer.
    http.get(`${base}/api/accommodationPropertyClient`, listHotels),
    http.get(`${base}/api/AccommodationPropertyClient`, listHotels),
    http.get(`${base}/api/AccommodationPropertyClient/:id`, roomTypes),
    http.get(`${base}/api/accommodationPropertyClient/:id`, roomTypes),

    http.get(`${base}/api/AirLineInfo`, ({ request }) => {
      requireUser(ctx, request);
      requireAcceptModel(request, null);
      return HttpResponse.json(store.state.airlines);
    }),

    http.get(`${base}/geo/locations`, ({ request }) => {
      const filter = (new URL(request.url).searchParams.get("filter") ?? "").trim().toLowerCase();
      if (filter.length < 2) return HttpResponse.json([]);
      return HttpResponse.json(
        store.state.locations
          .filter((location) =>
            [location.name, ...(location.spellings ?? [])].some((spelling) =>
              spelling.toLowerCase().includes(filter),
            ),
          )
          .map(({ name, country }) => ({ name, country })),
      );
    }),

    // The airline service is a third party's too: public, no token, no domain models.
    http.get(`${base}/airline-service/airlines`, ({ request }) => {
      const filter = (new URL(request.url).searchParams.get("filter") ?? "").trim().toLowerCase();
      if (filter.length < 2) return HttpResponse.json([]);
      return HttpResponse.json(
        store.state.airlineDirectory.filter(
          (airline) =>
            airline.iata.toLowerCase() === filter || airline.name.toLowerCase().includes(filter),
        ),
      );
    }),

    // The geo service is a third party's: public, no token, no domain models.
    http.get(`${base}/geo/airports`, ({ request }) => {
      const filter = (new URL(request.url).searchParams.get("filter") ?? "").trim().toLowerCase();
      if (filter.length < 2) return HttpResponse.json([]);
      return HttpResponse.json(
        store.state.airports.filter(
          (airport) =>
            airport.iata.toLowerCase() === filter ||
            airport.title.toLowerCase().includes(filter) ||
            airport.city.toLowerCase().includes(filter),
        ),
      );
    }),
  ];
}
