import type {
  ActionFunctionArgs,
  AppLoadContext,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientOfferPage } from "~/components/client-offer";
import { GeneralErrorBoundary } from "~/components/error-boundary";
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
import { currencySigns, getProfileSummary } from "~/utils/provider/client.server";
import { getHotelRoomTypes, type RoomType } from "~/utils/provider/hotels.server";
import { validatePrices } from "~/utils/provider/reserve-requests.server";
import { guestsOfRoom, type Draft } from "~/utils/wizard/reservation-wizard";
import {
  loadWizard,
  priceValidationRequest,
  requireStep,
  type Wizard,
} from "~/utils/wizard/reservation-wizard.server";

export const handle = { i18n: ["common", "requests", "wizard"] };

/**
 * The request being reviewed, as a client offer: the provider's validated price with the
 * agency's markup, before anything is submitted. The markup stays in the portal: the provider only
 * prices the rooms, as at Review.
 */

function offerFacts(
  draft: Draft,
  roomTypes: RoomType[],
  agencyName: string | null,
  price: OfferFacts["price"],
) {
  const hotel = draft.hotel!;
  return {
    agencyName,
    hotel: { name: hotel.hotelName, grade: hotel.hotelGrade, place: hotel.hotelPlace },
    checkIn: hotel.checkIn,
    checkOut: hotel.checkOut,
    rooms: draft.rooms!.rooms.map((room) => {
      const roomType = roomTypes.find((entry) => entry.typeId === room.roomTypeId);
      return {
        roomType: roomType?.name ?? "",
        board: roomType?.roomService ?? "",
        view: roomType?.roomView ?? "",
        guests: guestsOfRoom(room).map(({ type, guest }) => ({
          name: `${guest.firstName} ${guest.lastName}`,
          type,
        })),
      };
    }),
    price,
  } satisfies OfferFacts;
}

/** The draft's offer as the provider prices it now: for the page, and for a link shared from it. */
async function loadFacts(context: AppLoadContext, { draft, provider }: Wizard) {
  const [prices, property, signs, profile] = await Promise.all([
    orProviderErrorPage(context, validatePrices(provider, priceValidationRequest(draft))),
    orProviderErrorPage(context, getHotelRoomTypes(provider, draft.hotel!.propertyId)),
    currencySigns(provider),
    // The agency's name heads the offer; without it the offer is still whole.
    settle(context, getProfileSummary(provider)),
  ]);
  return offerFacts(draft, property.roomTypes, profile.ok ? profile.data.AgencyName : null, {
    amount: prices.totalPrice,
    currency: prices.currency,
    sign: signs.get(prices.currency),
  });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const wizard = await loadWizard(request, context, params);
  requireStep(wizard, "review");
  const [facts, asked, sharing, branding] = await Promise.all([
    loadFacts(context, wizard),
    offerRequest(request, context, wizard.provider),
    sharedLinkOnce(context),
    agencyBrandingFor(context, wizard.provider),
  ]);
  return clientOfferPage(context, facts, asked, `${wizard.base}/review`, sharing, branding);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const wizard = await loadWizard(request, context, params);
  requireStep(wizard, "review");
  if (new URL(request.url).searchParams.has("share"))
    return shareOfferFrom(request, context, wizard.provider, () => loadFacts(context, wizard));
  return keepDefaultMarkup(request, context, wizard.provider);
}

export default function DraftClientOffer() {
  return <ClientOfferPage page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <GeneralErrorBoundary />
    </main>
  );
}
