import { z } from "zod";
import { geoApiUrl } from "~/utils/runtime/env.server";
import { providerRequest, withoutToken, type ProviderContext } from "./request.server";

const airportSchema = z.object({ iata: z.string(), title: z.string(), city: z.string() });
export type Airport = z.infer<typeof airportSchema>;

/**
 * GET {GEO_API_URL}/airports?filter=: the third-party geo service's airport lookup, by IATA code,
 * name or city. Public: no token.
 */
export function findAirports(ctx: ProviderContext, filter: string) {
  return providerRequest(
    withoutToken(ctx),
    { operation: "geo.findAirports", path: "/airports", query: { filter }, baseUrl: geoApiUrl },
    z.array(airportSchema),
  );
}

const locationSchema = z.object({ name: z.string(), country: z.string() });
export type GeoLocation = z.infer<typeof locationSchema>;

/**
 * GET {GEO_API_URL}/locations?filter=: the geo service's place lookup (cities, islands), by name.
 * Public: no token.
 */
export function findLocations(ctx: ProviderContext, filter: string) {
  return providerRequest(
    withoutToken(ctx),
    { operation: "geo.findLocations", path: "/locations", query: { filter }, baseUrl: geoApiUrl },
    z.array(locationSchema),
  );
}
