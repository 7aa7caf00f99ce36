import type {
  ActionFunctionArgs,
  AppLoadContext,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientOfferPage } from "~/components/client-offer";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireRequestId } from "~/utils/http/params.server";
import { orProviderErrorPage, settle } from "~/utils/http/provider-errors.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import {
  keepDefaultMarkup,
  clientOfferPage,
  offerRequest,
  type OfferFacts,
} from "~/utils/money/client-offer.server";
import { agencyBrandingFor } from "~/utils/agency/agency.server";
import { shareOfferFrom, sharedLinkOnce } from "~/utils/agency/offer-sharing.server";
import { getProfileSummary } from "~/utils/provider/client.server";
import type { ProviderContext } from "~/utils/provider/request.server";
import { getHotelRoomTypes } from "~/utils/provider/hotels.server";
import { getRequestSummary, type RequestSummary } from "~/utils/provider/reserve-requests.server";
import { requestDetailsView } from "~/utils/requests/request-details.server";

export const handle = { i18n: ["common", "requests", "wizard"] };

/**
 * A stored request as a client offer: the traveller's price with the agency's markup. The markup
 * stays in the portal (the address and, when kept, a cookie): the provider is only read.
 */

function offerFacts(summary: RequestSummary, agencyName: string | null, place: string | null) {
  const details = requestDetailsView(summary, "en");
  return {
    agencyName,
    hotel: { name: summary.HotelName, grade: summary.HotelGrade, place },
    checkIn: summary.CheckInDate,
    checkOut: summary.CheckoutDate,
    rooms: details.rooms.map((room) => ({
      roomType: room.roomType,
      board: room.board,
      view: room.view,
      guests: room.guests.map((guest) => ({ name: guest.name, type: guest.type })),
    })),
    price: {
      amount: summary.TotalPrice,
      currency: summary.Currency.Code,
      sign: summary.Currency.Sign,
    },
  } satisfies OfferFacts;
}

/** The request's offer as the provider has it now: for the page, and for a link shared from it. */
async function loadFacts(context: AppLoadContext, provider: ProviderContext, requestId: number) {
  const [summary, profile] = await Promise.all([
    orProviderErrorPage(context, getRequestSummary(provider, requestId)),
    // The agency's name heads the offer; without it the offer is still whole.
    settle(context, getProfileSummary(provider)),
  ]);
  // Where the hotel is: on the hotel's record, which only the request names.
  const hotel = await settle(context, getHotelRoomTypes(provider, summary.AccommodationPropertyId));
  return offerFacts(
    summary,
    profile.ok ? profile.data.AgencyName : null,
    hotel.ok ? hotel.data.hotelPlace : null,
  );
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { provider, requestId } = await requireRequestId(request, context, params);
  const [facts, asked, sharing, branding] = await Promise.all([
    loadFacts(context, provider, requestId),
    offerRequest(request, context, provider),
    sharedLinkOnce(context),
    agencyBrandingFor(context, provider),
  ]);
  const backTo = `/reservations/reservation-details/${requestId}`;
  return clientOfferPage(context, facts, asked, backTo, sharing, branding);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { provider, requestId } = await requireRequestId(request, context, params);
  if (new URL(request.url).searchParams.has("share"))
    return shareOfferFrom(request, context, provider, () =>
      loadFacts(context, provider, requestId),
    );
  return keepDefaultMarkup(request, context, provider);
}

export default function RequestClientOffer() {
  return <ClientOfferPage page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <GeneralErrorBoundary />
    </main>
  );
}
