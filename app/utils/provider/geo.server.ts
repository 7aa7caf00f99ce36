import { z } from "zod";
import { callProvider, defineCall, lookupQuery } from "./call.server";
import type { ProviderContext } from "./request.server";

const airportSchema = z.object({ iata: z.string(), title: z.string(), city: z.string() });
export type Airport = z.infer<typeof airportSchema>;

const airportsCall = defineCall({
  operation: "geo.findAirports",
  summary: "The geo service's airports matching an IATA code, a name or a city",
  service: "geo",
  path: "/airports",
  token: false,
  query: lookupQuery,
  answer: z.array(airportSchema),
});

/**
 * GET {GEO_API_URL}/airports?filter=: the third-party geo service's airport lookup, by IATA code,
 * name or city. Public: no token.
 */
export function findAirports(ctx: ProviderContext, filter: string) {
  return callProvider(ctx, airportsCall, { query: { filter } });
}

const locationSchema = z.object({ name: z.string(), country: z.string() });
export type GeoLocation = z.infer<typeof locationSchema>;

const locationsCall = defineCall({
  operation: "geo.findLocations",
  summary: "The geo service's places (cities, islands) matching a name",
  service: "geo",
  path: "/locations",
  token: false,
  query: lookupQuery,
  answer: z.array(locationSchema),
});

/**
 * GET {GEO_API_URL}/locations?filter=: the geo service's place lookup (cities, islands), by name.
 * Public: no token.
 */
export function findLocations(ctx: ProviderContext, filter: string) {
  return callProvider(ctx, locationsCall, { query: { filter } });
}

export const geoCalls = [airportsCall, locationsCall];
