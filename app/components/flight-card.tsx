import { useTranslation } from "react-i18next";
import { AirportTitle } from "~/components/wizard/airport-field";
import { InlineValues } from "~/components/ui/inline-values";

export type FlightView = {
  airline: string;
  flightNumber: string;
  takeOff: string;
  landing: string | null;
  origin: { title: string };
  destination: { title: string };
  duration: { hours: string; minutes: string } | null;
};

/** One flight of a transfer: airline, route (airports cut at 30 characters), times, duration. */
export function FlightCard({ heading, flight }: { heading: string; flight: FlightView }) {
  const { t } = useTranslation("wizard");
  return (
    <section className="rounded border border-gray-200 p-3 text-sm">
      <h3 className="font-medium">{heading}</h3>
      <p>
        <InlineValues
          values={[
            flight.airline,
            <span key="number" dir="ltr">
              {flight.flightNumber}
            </span>,
          ]}
        />
      </p>
      <p>
        <AirportTitle title={flight.origin.title} /> →{" "}
        <AirportTitle title={flight.destination.title} />
      </p>
      <p>
        <InlineValues
          values={[
            `${t("flights.takeOff")}: ${flight.takeOff}`,
            flight.landing ? `${t("flights.landing")}: ${flight.landing}` : null,
          ]}
        />
      </p>
      {flight.duration ? <p>{t("flights.durationValue", flight.duration)}</p> : null}
    </section>
  );
}
