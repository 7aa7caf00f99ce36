import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProvider } from "~/utils/session/auth.server";
import { searchTravellers } from "~/utils/travellers/traveller-search.server";

/**
 * Travellers the agency booked before whose name holds `q`, as a guest's search field asks while
 * the clerk types (JS only; without JS "Find a traveller" sends the rooms form). Counted as a
 * lookup: past the user's limit, 429 with the translated wait. Never stored by the browser either.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const typed = new URL(request.url).searchParams.get("q") ?? "";
  const { matches, message, refused } = await searchTravellers(provider, typed, context);
  return Response.json(
    { items: matches, message },
    { status: refused ? 429 : 200, headers: { "Cache-Control": "private, no-store" } },
  );
}
