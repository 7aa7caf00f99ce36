import type { LoaderFunctionArgs } from "@remix-run/node";
import { logoResponse } from "~/utils/agency/logo-response.server";
import { logoOfSharedOffer } from "~/utils/agency/shared-offers.server";

/** The logo on a customer's offer page: only while the offer is open, with no sign-in. */
export async function loader({ params }: LoaderFunctionArgs) {
  return logoResponse(await logoOfSharedOffer(params.token ?? "").catch(() => null), "public");
}
