import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { continueWithItsData } from "~/utils/wizard/continue";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ModifyFrame, modifyScreenHandle } from "~/components/modify-frame";
import {
  FlightsFields,
  useFlightSummaryFields,
  type FlightsFormInput,
} from "~/components/wizard/flight-fields";
import { requireProvider } from "~/utils/session/auth.server";
import { formatDateInput } from "~/utils/format/date-input";
import { airlineOptions, FLIGHTS, resolveFlights } from "~/utils/wizard/flights.server";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import {
  changeRequestTransportation,
  type FlightRead,
  type RequestSummary,
} from "~/utils/provider/reserve-requests.server";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import {
  answerChange,
  changeFrame,
  loadRequestChange,
} from "~/utils/requests/request-change.server";
import { flightsStepSchema, type FlightsStepValue } from "~/utils/wizard/flights-step";
import { flightPayload } from "~/utils/wizard/reservation-wizard.server";

export const handle = modifyScreenHandle("modify-flights");

/**
 * Modify transportation info: both flights in the wizard's flight form, airports and airlines
 * looked up the same way; a request without a transfer gets one.
 */

/**
 * The stored flight as the form's values. An airline the provider's list lacks was typed by its
 * code: it goes back into that field, not into the list, where it would be no choice at all.
 */
function flightDefaults(flight: FlightRead, language: string, listed: Set<string>) {
  const onTheList = listed.has(flight.airline.iata);
  return {
    airline: onTheList ? flight.airline.iata : undefined,
    otherAirline: onTheList ? undefined : flight.airline.iata,
    flightNumber: flight.flightNumber,
    takeOffDate: formatDateInput(flight.takeOffDate, language),
    takeOffTime: flight.takeOffTime,
    landingDate: flight.landingDate ? formatDateInput(flight.landingDate, language) : undefined,
    landingTime: flight.landingTime ?? undefined,
    origin: flight.originAirport.iata,
    destination: flight.destinationAirport.iata,
    duration: flight.flightDuration ?? undefined,
  };
}

function currentFlights(
  summary: RequestSummary,
  language: string,
  airlines: Array<{ value: string }>,
) {
  const info = summary.TransportationInfo;
  if (!info) return { defaults: {}, resolved: null };
  const listed = new Set(airlines.map((airline) => airline.value));
  const airports = (flight: FlightRead) => ({
    origin: flight.originAirport,
    destination: flight.destinationAirport,
  });
  return {
    defaults: {
      arrival: flightDefaults(info.OriginFlight, language, listed),
      departure: flightDefaults(info.DestinationFlight, language, listed),
    },
    resolved: { arrival: airports(info.OriginFlight), departure: airports(info.DestinationFlight) },
  };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const language = context.language;
  const t = context.translator("requests");
  const provider = await requireProvider(request, context);
  const [{ summary, permission }, airlines] = await Promise.all([
    loadRequestChange(request, context, params, "Transportation"),
    orProviderErrorPage(context, airlineOptions(provider, language)),
  ]);
  return {
    title: t("modify.flightsTitle"),
    frame: changeFrame(summary, permission),
    airlines,
    ...currentFlights(summary, language, airlines),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const { provider, requestId, language, permission } = await loadRequestChange(
    request,
    context,
    params,
    "Transportation",
  );
  const submission = parseTypedForm(formData, { schema: flightsStepSchema(language) });
  const t = context.translator();
  return answerChange({
    request,
    context,
    formData,
    submission,
    permission,
    send: async (value) => {
      const resolved = await resolveFlights(provider, value, t);
      if ("fieldErrors" in resolved) return resolved.fieldErrors;
      const [arrival, departure] = FLIGHTS.map((flight) =>
        flightPayload(
          value[flight],
          resolved.facts.airports[flight],
          resolved.facts.airlines[value[flight].airline],
        ),
      );
      await changeRequestTransportation(provider, {
        Id: requestId,
        TransportationInfo: { OriginFlight: arrival, DestinationFlight: departure },
      });
    },
  });
}

// After a submit the page leaves for the requests list: its data is not fetched again.

/** With JS the change's answer brings the requests list: the page moves on without asking again. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  continueWithItsData(serverAction<typeof action>);

export default function ModifyFlights() {
  const { title, frame, airlines, defaults, resolved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();
  const { i18n } = useTranslation("requests");
  const schema = flightsStepSchema(i18n.language);
  const [form, fields] = useForm<FlightsFormInput, FlightsStepValue>({
    id: "modify-flights",
    lastResult: actionData?.result,
    defaultValue: defaults as unknown as FlightsFormInput,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const summaryFields = useFlightSummaryFields(fields);
  return (
    <ModifyFrame title={title} frame={frame} form={form} summaryFields={summaryFields}>
      <FlightsFields fields={fields} airlines={airlines} resolved={resolved} />
    </ModifyFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
