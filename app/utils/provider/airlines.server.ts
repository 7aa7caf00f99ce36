import { z } from "zod";
import { airlineApiUrl } from "~/utils/runtime/env.server";
import { providerRequest, withoutToken, type ProviderContext } from "./request.server";

const airlineSchema = z.object({
  id: z.number(),
  name: z.string(),
  latinName: z.string(),
  iata: z.string(),
});

/** GET /api/AirLineInfo: the airlines a flight can be on. */
export function getAirlines(ctx: ProviderContext) {
  return providerRequest(
    ctx,
    { operation: "airlines.getAirlines", path: "/api/AirLineInfo" },
    z.array(airlineSchema),
  );
}

const listedAirlineSchema = z.object({ iata: z.string(), name: z.string(), country: z.string() });
export type ListedAirline = z.infer<typeof listedAirlineSchema>;

/**
 * GET {AIRLINE_API_URL}/airlines?filter=: the third-party airline service's lookup, by IATA code
 * or name, for an airline the provider's list lacks. Public: no token.
 */
export function findAirlines(ctx: ProviderContext, filter: string) {
  return providerRequest(
    withoutToken(ctx),
    {
      operation: "airlineService.findAirlines",
      path: "/airlines",
      query: { filter },
      baseUrl: airlineApiUrl,
    },
    z.array(listedAirlineSchema),
  );
}
