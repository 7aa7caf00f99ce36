import type { LoaderFunctionArgs } from "@remix-run/node";
import { findAirports } from "~/utils/provider/geo.server";
import { suggestionsFor } from "~/utils/wizard/suggestions.server";

/**
 * Airport suggestions for the wizard's flight fields, as the user types (JS only): the geo
 * service's matches for `q`. Without JS the step's action looks the typed text up instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return suggestionsFor(request, context, findAirports);
}
