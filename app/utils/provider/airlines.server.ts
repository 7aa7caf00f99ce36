import { z } from "zod";
import { callProvider, defineCall, lookupQuery } from "./call.server";
import type { ProviderContext } from "./request.server";

const airlinesCall = defineCall({
  operation: "airlines.getAirlines",
  summary: "The airlines a flight can be on, from the provider's own list",
  path: "/api/AirLineInfo",
  token: true,
  answer: z.array(
    z.object({ id: z.number(), name: z.string(), latinName: z.string(), iata: z.string() }),
  ),
});

/** GET /api/AirLineInfo: the airlines a flight can be on. */
export function getAirlines(ctx: ProviderContext) {
  return callProvider(ctx, airlinesCall);
}

const listedAirlineSchema = z.object({ iata: z.string(), name: z.string(), country: z.string() });
export type ListedAirline = z.infer<typeof listedAirlineSchema>;

const airlineServiceCall = defineCall({
  operation: "airlineService.findAirlines",
  summary: "The airline service's airlines matching an IATA code or a name",
  service: "airlineService",
  path: "/airlines",
  token: false,
  query: lookupQuery,
  answer: z.array(listedAirlineSchema),
});

/**
 * GET {AIRLINE_API_URL}/airlines?filter=: the third-party airline service's lookup, by IATA code
 * or name, for an airline the provider's list lacks. Public: no token.
 */
export function findAirlines(ctx: ProviderContext, filter: string) {
  return callProvider(ctx, airlineServiceCall, { query: { filter } });
}

export const airlinesCalls = [airlinesCall, airlineServiceCall];
