import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EnterSubmitsForm, ErrorSummary, SelectField, TextField } from "~/components/forms";
import { Card } from "~/components/ui/card";
import { AirportField } from "~/components/wizard/airport-field";
import { ContinueButton } from "~/components/wizard/continue-button";
import { readForm } from "~/utils/form-data.server";
import { getTranslator, i18nServer } from "~/utils/i18n.server";
import { getAirlines } from "~/utils/provider/airlines.server";
import { findAirports } from "~/utils/provider/geo.server";
import type { ProviderContext } from "~/utils/provider/request.server";
import { orProviderErrorPage, providerErrorReply } from "~/utils/provider-errors.server";
import {
  flightsFormDefaults,
  flightsStepSchema,
  type FlightFacts,
  type FlightsStepValue,
  type ResolvedAirport,
} from "~/utils/reservation-wizard";
import { loadWizard, nextStepUrl, requireStep } from "~/utils/reservation-wizard.server";

/** Step 3, Flight Info (only with a transfer): the arrival and the departure flight. */

const FLIGHTS = ["arrival", "departure"] as const;
const AIRPORT_FIELDS = ["origin", "destination"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const wizard = await loadWizard(request, params);
  requireStep(wizard, "flights");
  const [language, airlines] = await Promise.all([
    i18nServer.getLocale(request),
    orProviderErrorPage(request, getAirlines(wizard.provider)),
  ]);
  return {
    airlines: airlines.map((airline) => ({
      value: airline.iata,
      label: `${language === "fa" ? airline.name : airline.latinName} (${airline.iata})`,
    })),
    resolved: wizard.draft.flights?.airports ?? null,
    defaults: flightsFormDefaults(wizard.draft, language),
  };
}

type Lookup = { airport: ResolvedAirport } | { error: string };

/** What the typed text names: an exact IATA code, or the one airport whose name matches. */
async function lookUpAirport(
  provider: ProviderContext,
  text: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): Promise<Lookup> {
  const matches = await findAirports(provider, text);
  const exact = matches.find((airport) => airport.iata === text.trim().toUpperCase());
  const only = exact ?? (matches.length === 1 ? matches[0] : undefined);
  if (only) return { airport: { iata: only.iata, title: only.title } };
  if (!matches.length) return { error: "validation.airportUnknown" };
  return {
    error: t("validation.airportAmbiguous", {
      list: matches.map((airport) => `${airport.iata} (${airport.title})`).join(", "),
    }),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const wizard = await loadWizard(request, params);
  requireStep(wizard, "flights");
  const [language, t] = await Promise.all([i18nServer.getLocale(request), getTranslator(request)]);
  const submission = parseWithZod(formData, { schema: flightsStepSchema(language) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const value = submission.value;

  let airlines, lookups: Lookup[];
  try {
    [airlines, ...lookups] = await Promise.all([
      getAirlines(wizard.provider),
      ...FLIGHTS.flatMap((flight) =>
        AIRPORT_FIELDS.map((field) => lookUpAirport(wizard.provider, value[flight][field], t)),
      ),
    ]);
  } catch (error) {
    return providerErrorReply(request, error, submission);
  }
  const fieldErrors: Record<string, string[]> = {};
  const airports = {} as FlightFacts["airports"];
  FLIGHTS.forEach((flight, flightIndex) => {
    airports[flight] = {} as FlightFacts["airports"][typeof flight];
    AIRPORT_FIELDS.forEach((field, fieldIndex) => {
      const lookup = lookups[flightIndex * AIRPORT_FIELDS.length + fieldIndex];
      if ("error" in lookup) fieldErrors[`${flight}.${field}`] = [lookup.error];
      else airports[flight][field] = lookup.airport;
    });
    if (!airlines.some((airline) => airline.iata === value[flight].airline))
      fieldErrors[`${flight}.airline`] = ["validation.required"];
  });
  if (Object.keys(fieldErrors).length)
    return data(submission.reply({ fieldErrors }), { status: 400 });

  const used = new Set(FLIGHTS.map((flight) => value[flight].airline));
  const draft = await wizard.save({
    ...wizard.draft,
    flights: {
      ...value,
      airports,
      airlines: Object.fromEntries(
        airlines
          .filter((airline) => used.has(airline.iata))
          .map((airline) => [
            airline.iata,
            { iata: airline.iata, name: airline.name, latinName: airline.latinName },
          ]),
      ),
    },
    input: { ...wizard.draft.input, flights: undefined },
  });
  throw redirect(nextStepUrl(wizard, draft, "flights"));
}

export default function FlightsStep() {
  const { airlines, resolved, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t, i18n } = useTranslation("wizard");
  const schema = flightsStepSchema(i18n.language);
  const [form, fields] = useForm<Record<"arrival" | "departure", FlightInput>, FlightsStepValue>({
    id: "wizard-flights",
    lastResult,
    defaultValue: defaults as unknown as Record<"arrival" | "departure", FlightInput>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const allFields = FLIGHTS.flatMap((flight) => {
    const flightFields = fields[flight].getFieldset();
    return (Object.keys(FLIGHT_LABELS) as Array<keyof FlightInput>).map((name) => ({
      meta: flightFields[name] as FieldMetadata<unknown>,
      label: `${t(`flights.${flight}`)}: ${t(FLIGHT_LABELS[name])}`,
    }));
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
      <EnterSubmitsForm>{t("continue")}</EnterSubmitsForm>
      <AuthenticityTokenInput name="csrf" />
      <ErrorSummary formErrors={form.errors} formErrorId={form.errorId} fields={allFields} />
      {FLIGHTS.map((flight) => {
        const flightFields = fields[flight].getFieldset();
        const datePlaceholder = t(
          i18n.language === "fa" ? "datePlaceholderJalali" : "datePlaceholder",
        );
        return (
          <Card key={flight} title={t(`flights.${flight}`)} headingLevel={2}>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <SelectField
                meta={flightFields.airline}
                label={t(FLIGHT_LABELS.airline)}
                placeholder={t("flights.chooseAirline")}
                options={airlines}
              />
              <TextField
                meta={flightFields.flightNumber}
                label={t(FLIGHT_LABELS.flightNumber)}
                dir="ltr"
              />
              <TextField
                meta={flightFields.duration}
                label={t(FLIGHT_LABELS.duration)}
                hint={t("flights.durationHint")}
                inputMode="numeric"
                dir="ltr"
              />
              <AirportField
                meta={flightFields.origin}
                label={t(FLIGHT_LABELS.origin)}
                resolved={resolved?.[flight].origin}
              />
              <AirportField
                meta={flightFields.destination}
                label={t(FLIGHT_LABELS.destination)}
                resolved={resolved?.[flight].destination}
              />
              <span className="hidden lg:block" />
              <TextField
                meta={flightFields.takeOffDate}
                label={t(FLIGHT_LABELS.takeOffDate)}
                hint={datePlaceholder}
                inputMode="numeric"
                dir="ltr"
              />
              <TextField
                meta={flightFields.takeOffTime}
                label={t(FLIGHT_LABELS.takeOffTime)}
                hint={t("flights.timeHint")}
                inputMode="numeric"
                dir="ltr"
              />
              <span className="hidden lg:block" />
              <TextField
                meta={flightFields.landingDate}
                label={t(FLIGHT_LABELS.landingDate)}
                hint={datePlaceholder}
                inputMode="numeric"
                dir="ltr"
              />
              <TextField
                meta={flightFields.landingTime}
                label={t(FLIGHT_LABELS.landingTime)}
                hint={t("flights.timeHint")}
                inputMode="numeric"
                dir="ltr"
              />
            </div>
          </Card>
        );
      })}
      <ContinueButton />
    </Form>
  );
}

type FlightInput = {
  airline: string;
  flightNumber: string;
  takeOffDate: string;
  takeOffTime: string;
  landingDate: string;
  landingTime: string;
  origin: string;
  destination: string;
  duration: string;
};

const FLIGHT_LABELS: Record<keyof FlightInput, string> = {
  airline: "flights.airline",
  flightNumber: "flights.flightNumber",
  duration: "flights.duration",
  origin: "flights.origin",
  destination: "flights.destination",
  takeOffDate: "flights.takeOffDate",
  takeOffTime: "flights.takeOffTime",
  landingDate: "flights.landingDate",
  landingTime: "flights.landingTime",
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
