import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { continueWithItsData, dataBroughtFor } from "~/utils/wizard/continue";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EnhancedInput } from "~/components/forms";
import { FlightCard } from "~/components/flight-card";
import { GuestsTable } from "~/components/guests-table";
import { PriceBreakdown } from "~/components/price-breakdown";
import { StatusButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { countryOptions } from "~/utils/wizard/countries.server";
import { formatDate } from "~/utils/format/dates";
import { recordStore } from "~/utils/wizard/draft-store.server";
import { readForm } from "~/utils/forms/form-data.server";
import { useIsPending } from "~/utils/ui/misc";
import { localizeDigits, moneyIn } from "~/utils/format/numbers";
import { currencySigns } from "~/utils/provider/client.server";
import { getHotelRoomTypes } from "~/utils/provider/hotels.server";
import {
  describeProviderError,
  outlastingTheBrowser,
  ProviderError,
} from "~/utils/provider/request.server";
import { submitReserveRequest, validatePrices } from "~/utils/provider/reserve-requests.server";
import { pricedRoomView } from "~/utils/wizard/price-view";
import { chosenRoomOf, estimateRequest } from "~/utils/wizard/estimate";
import { settle } from "~/utils/http/provider-errors.server";
import { guestsOfRoom, type Draft } from "~/utils/wizard/reservation-wizard";
import { type FlightValue } from "~/utils/wizard/flights-step";
import {
  loadWizard,
  priceValidationRequest,
  requireStep,
  reservationPayload,
  type Wizard,
} from "~/utils/wizard/reservation-wizard.server";
import { submitted } from "~/utils/wizard/continue.server";
import { AFTER_SUBMIT, AFTER_SUBMIT_ROUTE_ID } from "~/utils/wizard/after-submit";
import { PrefetchRoutes } from "~/components/prefetch-routes";

/**
 * Step 4, Review and Submit: the provider's prices per room with their fare breakdown, every
 * guest and flight for a last look, then one submit that can never create two requests.
 */

/** How long a submit may hold its claim before another attempt may try again. */
const CLAIM_SECONDS = 120;
/** A submission's outcome is remembered this long for double clicks, reloads and second tabs. */
const OUTCOME_SECONDS = 60 * 60 * 24;

type Outcome = { requestId: number; requestNumber: string };

function flightView(
  flight: FlightValue,
  draft: Draft,
  which: "arrival" | "departure",
  language: string,
) {
  const airports = draft.flights!.airports[which];
  const airline = draft.flights!.airlines[flight.airline];
  const [hours, minutes] = (flight.duration ?? "").split(":").map(Number);
  return {
    airline: airline
      ? `${(language === "fa" && airline.name) || airline.latinName} (${airline.iata})`
      : flight.airline,
    flightNumber: flight.flightNumber,
    takeOff: `${formatDate(flight.takeOffDate, language)} ${localizeDigits(flight.takeOffTime, language)}`,
    landing: flight.landingDate
      ? `${formatDate(flight.landingDate, language)} ${localizeDigits(flight.landingTime ?? "", language)}`
      : null,
    origin: airports.origin,
    destination: airports.destination,
    duration: flight.duration
      ? { hours: localizeDigits(hours, language), minutes: localizeDigits(minutes, language) }
      : null,
  };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const wizard = await loadWizard(request, context, params);
  requireStep(wizard, "review");
  const { draft } = wizard;
  const language = context.language;
  const hotel = draft.hotel!;
  const [prices, signs, property] = await Promise.all([
    settle(context, validatePrices(wizard.provider, priceValidationRequest(draft))),
    currencySigns(wizard.provider),
    // Only for the rooms step's estimate: a review without it still shows the provider's price.
    settle(context, getHotelRoomTypes(wizard.provider, hotel.propertyId)),
  ]);
  const money = moneyIn(language, signs);
  const countries = new Map(
    countryOptions(language).map((country) => [country.value, country.label]),
  );
  const estimate = property.ok
    ? estimateRequest(property.data.roomTypes, draft.rooms!.rooms.map(chosenRoomOf), hotel).total
    : null;
  return {
    base: wizard.base,
    submitKey: draft.submitKey,
    prices: prices.ok
      ? {
          ok: true as const,
          rooms: prices.data.rooms.map((room) =>
            pricedRoomView(room, prices.data.currency, language, signs.get(prices.data.currency)),
          ),
          total: money(prices.data.totalPrice, prices.data.currency),
          commission: money(prices.data.totalCommissionPerHotel, prices.data.currency),
          final: money(prices.data.finalPrice, prices.data.currency),
          finalAmount: prices.data.finalPrice,
          // Said plainly when the provider's price is not what the clerk saw at the rooms step.
          estimateDiffers:
            estimate !== null && estimate !== prices.data.totalPrice
              ? money(estimate, prices.data.currency)
              : null,
        }
      : { ok: false as const, error: prices.error },
    stay: {
      hotelName: hotel.hotelName,
      checkIn: formatDate(hotel.checkIn, language, "long"),
      checkOut: formatDate(hotel.checkOut, language, "long"),
      needTransfer: hotel.needTransfer,
      agencyRef: hotel.agencyRef,
      description: hotel.description,
    },
    rooms: draft.rooms!.rooms.map((room) => ({
      guests: guestsOfRoom(room).map(({ type, guest }) => ({
        type,
        name: `${guest.firstName} ${guest.lastName}`,
        dateOfBirth: formatDate(guest.dateOfBirth, language),
        gender: guest.gender,
        passportNumber: guest.passportNumber,
        nationality: countries.get(guest.nationality) ?? guest.nationality,
      })),
    })),
    flights:
      hotel.needTransfer && draft.flights
        ? {
            arrival: flightView(draft.flights.arrival, draft, "arrival", language),
            departure: flightView(draft.flights.departure, draft, "departure", language),
          }
        : null,
  };
}

/** Waits briefly for another attempt with the same key (a double click, a second tab) to finish. */
async function outcomeOf(submitKey: string, waitMs: number) {
  const until = Date.now() + waitMs;
  for (;;) {
    const outcome = await recordStore.get<Outcome>(`submitted:${submitKey}`);
    if (outcome || Date.now() > until) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function submit(request: Request, wizard: Wizard, reviewedFinal: number) {
  const { draft } = wizard;
  // Another attempt with the same key waits for this one's outcome: it must reach one even if
  // this browser leaves (a double click makes Remix drop the first post).
  const provider = outlastingTheBrowser(wizard.provider);
  const [prices, property] = await Promise.all([
    validatePrices(provider, priceValidationRequest(draft)),
    getHotelRoomTypes(provider, draft.hotel!.propertyId),
  ]);
  // The price moved since the user looked: show the new one and ask again.
  if (prices.finalPrice !== reviewedFinal) return "price-changed" as const;
  const created = await submitReserveRequest(
    provider,
    reservationPayload(draft, property.roomTypes, wizard.orderId),
    draft.submitKey,
  );
  return { requestId: created.Id, requestNumber: created.RequestNumber };
}

// With JS the step may come with the Continue that leads to it (decision 044).
export const clientLoader = dataBroughtFor("step");

/** With JS the submit's answer brings the requests list: the page moves on without asking again. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  continueWithItsData(serverAction<typeof action>);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  // The submit's success: the requests list at once, with its message.
  const succeed = () =>
    submitted({ request, context }, formData, context.translator("wizard")("submitted"));
  const submitKey = String(formData.get("submitKey") ?? "");
  const [wizard, earlier] = await Promise.all([
    loadWizard(request, context, params),
    // Already sent (a reload of the POST, a second click, another tab): land on its result.
    submitKey ? recordStore.get<Outcome>(`submitted:${submitKey}`) : null,
  ]);
  if (earlier) return succeed();
  requireStep(wizard, "review");
  if (submitKey !== wizard.draft.submitKey) throw redirect(`${wizard.base}/review`);

  // Only one attempt per key talks to the provider at a time; the others wait for its outcome.
  if (!(await recordStore.claim(`submitting:${submitKey}`, { at: Date.now() }, CLAIM_SECONDS))) {
    const outcome = await outcomeOf(submitKey, 15_000);
    if (outcome) return succeed();
    const t = context.translator("wizard");
    return data({ error: t("stillSubmitting"), priceChanged: false }, { status: 409 });
  }
  try {
    const result = await submit(request, wizard, Number(formData.get("reviewedFinal")));
    if (result === "price-changed") {
      await recordStore.delete(`submitting:${submitKey}`);
      return data({ error: null, priceChanged: true }, { status: 409 });
    }
    await recordStore.set(`submitted:${submitKey}`, result, OUTCOME_SECONDS);
    await wizard.discard();
    return succeed();
  } catch (error) {
    // Nothing was created, or the provider will know the key again: the next attempt may go.
    await recordStore.delete(`submitting:${submitKey}`);
    if (!(error instanceof ProviderError)) throw error;
    // A refusal created nothing: the draft, once mended, goes with a key of its own, so a
    // provider that replays its answer to a key (a 400 too) never refuses the mended one.
    if (error.kind === "bad-request")
      await wizard.save({ ...wizard.draft, submitKey: randomUUID() });
    const t = context.translator();
    return data(
      { error: describeProviderError(error, t), priceChanged: false },
      { status: error.kind === "bad-request" ? 400 : 503 },
    );
  }
}

export default function ReviewStep() {
  const review = useLoaderData<typeof loader>();
  const result = useActionData<typeof clientAction>();
  const { t } = useTranslation("wizard");
  const isPending = useIsPending();

  return (
    <div className="flex flex-col gap-4">
      <Card title={t("review.prices")} headingLevel={2}>
        {review.prices.ok ? (
          <>
            {result?.priceChanged ? (
              <p
                role="alert"
                className="mb-3 rounded border-s-4 border-amber-500 bg-amber-50 p-3 text-sm"
              >
                {t("review.priceChanged")}
              </p>
            ) : null}
            {review.prices.estimateDiffers ? (
              <p
                className="mb-3 rounded border-s-4 border-amber-500 bg-amber-50 p-3 text-sm"
                data-testid="estimate-differs"
              >
                {t("review.estimateDiffers", {
                  price: review.prices.total,
                  estimate: review.prices.estimateDiffers,
                })}
              </p>
            ) : null}
            <PriceBreakdown rooms={review.prices.rooms} />
            <dl className="mt-4 grid max-w-sm grid-cols-2 gap-1 text-sm" data-testid="price-totals">
              <dt>{t("prices.total")}</dt>
              <dd className="text-end">{review.prices.total}</dd>
              <dt>{t("prices.commission")}</dt>
              <dd className="text-end">{review.prices.commission}</dd>
              <dt className="font-semibold">{t("prices.final")}</dt>
              <dd className="text-end font-semibold">{review.prices.final}</dd>
            </dl>
            <Link
              to={`${review.base}/offer`}
              className="mt-3 inline-block text-sm text-primary-dark underline"
            >
              {t("review.offer")}
            </Link>
          </>
        ) : (
          <p role="alert" className="text-sm text-red-800">
            {review.prices.error}
          </p>
        )}
      </Card>

      <Card title={t("review.stay")} headingLevel={2}>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-gray-600">{t("hotel.hotel")}</dt>
          <dd>
            <bdi>{review.stay.hotelName}</bdi>
          </dd>
          <dt className="text-gray-600">{t("review.dates")}</dt>
          <dd>
            {review.stay.checkIn} – {review.stay.checkOut}
          </dd>
          <dt className="text-gray-600">{t("hotel.needTransfer")}</dt>
          <dd>{review.stay.needTransfer ? t("yes") : t("no")}</dd>
          <dt className="text-gray-600">{t("hotel.agencyRef")}</dt>
          <dd>{review.stay.agencyRef || t("notSpecified")}</dd>
          <dt className="text-gray-600">{t("review.notesForProvider")}</dt>
          <dd className="whitespace-pre-line" data-testid="notes-for-provider">
            {review.stay.description || t("notSpecified")}
          </dd>
        </dl>
        <Link
          to={`${review.base}/hotel`}
          className="mt-2 inline-block text-sm text-primary-dark underline"
        >
          {t("review.changeHotel")}
        </Link>
      </Card>

      <Card title={t("review.guests")} headingLevel={2}>
        <div className="mb-3 flex flex-col gap-3">
          {review.rooms.map((room, index) => (
            <GuestsTable
              key={index}
              caption={t("rooms.room", { number: index + 1 })}
              guests={room.guests}
            />
          ))}
        </div>
        <Link to={`${review.base}/rooms`} className="text-sm text-primary-dark underline">
          {t("review.changeRooms")}
        </Link>
      </Card>

      {review.flights ? (
        <Card title={t("review.flights")} headingLevel={2}>
          <div className="grid gap-4 md:grid-cols-2">
            {(["arrival", "departure"] as const).map((which) => (
              <FlightCard
                key={which}
                heading={t(`flights.${which}`)}
                flight={review.flights![which]}
              />
            ))}
          </div>
          <Link
            to={`${review.base}/flights`}
            className="mt-2 inline-block text-sm text-primary-dark underline"
          >
            {t("review.changeFlights")}
          </Link>
        </Card>
      ) : null}

      {review.prices.ok ? (
        <Form method="post" className="flex flex-col gap-3">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="submitKey" value={review.submitKey} />
          <input type="hidden" name="reviewedFinal" value={review.prices.finalAmount} />
          <EnhancedInput />
          {result?.error ? (
            <p
              role="alert"
              className="rounded border-s-4 border-red-700 bg-red-50 p-3 text-sm text-red-900"
            >
              {result.error}
            </p>
          ) : null}
          <div>
            <StatusButton pending={isPending} disabled={isPending}>
              {t("review.submit")}
            </StatusButton>
          </div>
        </Form>
      ) : null}
      <PrefetchRoutes paths={[AFTER_SUBMIT]} routeIds={[AFTER_SUBMIT_ROUTE_ID]} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
