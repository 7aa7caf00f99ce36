import { z } from "zod";
import { providerRequest, type ProviderContext } from "./request.server";

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
