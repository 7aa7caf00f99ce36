import type { LoaderFunctionArgs } from "@remix-run/node";
import { findLocations } from "~/utils/provider/geo.server";
import { suggestionsFor } from "~/utils/wizard/suggestions.server";

/**
 * Place suggestions for the hotel search, as the user types (JS only): the geo service's matches
 * for `q`. Without JS the step's search looks the typed text up instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return suggestionsFor(request, context, findLocations);
}
