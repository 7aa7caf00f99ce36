import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProvider, requireUserName } from "~/utils/session/auth.server";
import { countAgainstLimit } from "~/utils/limits/rate-limit.server";
import { findLocations } from "~/utils/provider/geo.server";
import { ProviderError } from "~/utils/provider/request.server";

/**
 * Place suggestions for the hotel search, as the user types (JS only): the geo service's matches
 * for `q`. Without JS the step's search looks the typed text up instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const query = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  if (query.length < 2) return { items: [] };
  // Past a person's pace the field goes without suggestions for a while; it still searches.
  if (await countAgainstLimit("locationLookupsPerUser", await requireUserName(request, context)))
    return Response.json({ items: [] }, { status: 429 });
  try {
    return { items: (await findLocations(provider, query)).slice(0, 10) };
  } catch (error) {
    // Suggestions are a convenience: without them the search still takes what is typed.
    if (error instanceof ProviderError) return { items: [] };
    throw error;
  }
}
