import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProvider, requireUserName } from "~/utils/session/auth.server";
import { countAgainstLimit } from "~/utils/limits/rate-limit.server";
import { findAirports } from "~/utils/provider/geo.server";
import { ProviderError } from "~/utils/provider/request.server";

/**
 * Airport suggestions for the wizard's flight fields, as the user types (JS only): the geo
 * service's matches for `q`. Without JS the step's action looks the typed text up instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const query = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  if (query.length < 2) return { items: [] };
  // Past a person's pace the field goes without suggestions for a while; it still takes a code.
  if (await countAgainstLimit("airportLookupsPerUser", await requireUserName(request, context)))
    return Response.json({ items: [] }, { status: 429 });
  try {
    return { items: (await findAirports(provider, query)).slice(0, 10) };
  } catch (error) {
    // Suggestions are a convenience: without them the field still takes a code or a name.
    if (error instanceof ProviderError) return { items: [] };
    throw error;
  }
}
