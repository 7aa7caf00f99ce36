import type { LoaderFunctionArgs } from "@remix-run/node";
import { findAirlines } from "~/utils/provider/airlines.server";
import { suggestionsFor } from "~/utils/wizard/suggestions.server";

/**
 * Airline suggestions for a flight whose airline is not on the provider's list, as the user types
 * (JS only): the airline service's matches for `q`. Without JS the step's action looks the typed
 * code up instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return suggestionsFor(request, context, findAirlines);
}
