import type { FieldMetadata, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { DateField } from "~/components/date-picker";
import { SelectField, TextField } from "~/components/forms";
import { Card } from "~/components/ui/card";
import { AirportField } from "~/components/wizard/airport-field";
import { SuggestingTextField } from "~/components/wizard/suggestions";
import type { ListedAirline } from "~/utils/provider/airlines.server";
import type { FlightsStepValue, ResolvedAirport } from "~/utils/wizard/flights-step";

/**
 * The arrival and the departure flight of a transfer: airline, number, airports (suggested as
 * the user types, with JS), take-off and landing in the user's calendar, duration. The wizard's
 * flight step and the modify-flights screen share it.
 */

const FLIGHTS = ["arrival", "departure"] as const;

export type FlightsFormInput = Record<"arrival" | "departure", FlightInput>;
type FlightsForm = ReturnType<typeof useForm<FlightsFormInput, FlightsStepValue>>;

/** Every field of both flights with its label, for the error summary. */
export function useFlightSummaryFields(fields: FlightsForm[1]) {
  const { t } = useTranslation("wizard");
  return FLIGHTS.flatMap((flight) => {
    const flightFields = fields[flight].getFieldset();
    return (Object.keys(FLIGHT_LABELS) as Array<keyof FlightInput>).map((name) => ({
      meta: flightFields[name] as FieldMetadata<unknown>,
      label: `${t(`flights.${flight}`)}: ${t(FLIGHT_LABELS[name])}`,
    }));
  });
}

export function FlightsFields({
  fields,
  airlines,
  resolved,
}: {
  fields: FlightsForm[1];
  airlines: Array<{ value: string; label: string }>;
  resolved: Partial<
    Record<"arrival" | "departure", { origin: ResolvedAirport; destination: ResolvedAirport }>
  > | null;
}) {
  const { t, i18n } = useTranslation("wizard");
  return (
    <>
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
              {/* An airline the provider's list lacks, by its IATA code (the airline service). */}
              <SuggestingTextField<ListedAirline>
                meta={flightFields.otherAirline as FieldMetadata<unknown>}
                label={t(FLIGHT_LABELS.otherAirline)}
                hint={t("flights.otherAirlineHint")}
                path="/reservations/airlines"
                option={(airline) => ({
                  value: airline.iata,
                  label: `${airline.name} (${airline.country})`,
                })}
                dir="ltr"
              />
              <TextField
                meta={flightFields.flightNumber}
                label={t(FLIGHT_LABELS.flightNumber)}
                dir="ltr"
              />
              <AirportField
                meta={flightFields.origin}
                label={t(FLIGHT_LABELS.origin)}
                resolved={resolved?.[flight]?.origin}
              />
              <AirportField
                meta={flightFields.destination}
                label={t(FLIGHT_LABELS.destination)}
                resolved={resolved?.[flight]?.destination}
              />
              <TextField
                meta={flightFields.duration}
                label={t(FLIGHT_LABELS.duration)}
                hint={t("flights.durationHint")}
                inputMode="numeric"
                dir="ltr"
              />
              <DateField
                meta={flightFields.takeOffDate}
                label={t(FLIGHT_LABELS.takeOffDate)}
                hint={datePlaceholder}
                picker={{}}
              />
              <TextField
                meta={flightFields.takeOffTime}
                label={t(FLIGHT_LABELS.takeOffTime)}
                hint={t("flights.timeHint")}
                inputMode="numeric"
                dir="ltr"
              />
              <span className="hidden lg:block" />
              <DateField
                meta={flightFields.landingDate}
                label={t(FLIGHT_LABELS.landingDate)}
                hint={datePlaceholder}
                picker={{}}
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
    </>
  );
}

type FlightInput = {
  airline: string;
  otherAirline: string;
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
  otherAirline: "flights.otherAirline",
  flightNumber: "flights.flightNumber",
  duration: "flights.duration",
  origin: "flights.origin",
  destination: "flights.destination",
  takeOffDate: "flights.takeOffDate",
  takeOffTime: "flights.takeOffTime",
  landingDate: "flights.landingDate",
  landingTime: "flights.landingTime",
};
