import { findAirlines, getAirlines } from "~/utils/provider/airlines.server";
import { findAirports } from "~/utils/provider/geo.server";
import type { ProviderContext } from "~/utils/provider/request.server";
import type { FlightFacts } from "~/utils/wizard/reservation-wizard";
import type { FlightsStepValue, ResolvedAirport } from "~/utils/wizard/flights-step";

/**
 * Flights as people type them, made into what the provider takes: each typed airport looked up
 * in the geo service, each airline in the provider's list or (typed by its code) the airline
 * service. The wizard's flight step and the
 * modify-flights screen share it.
 */

export const FLIGHTS = ["arrival", "departure"] as const;
const AIRPORT_FIELDS = ["origin", "destination"] as const;

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

/**
 * The airlines typed by their IATA code (not on the provider's list), as the airline service
 * names them: only an exact code is taken. In the provider's shape: the service's one name is a
 * Latin one, so it is the `latinName`, and the Persian `name` stays empty (no English name where
 * a Persian one is expected; docs/provider-api.md says the provider shows the Latin one then).
 */
async function lookUpOtherAirlines(provider: ProviderContext, value: FlightsStepValue) {
  const codes = [...new Set(FLIGHTS.map((flight) => value[flight].otherAirline))].filter(
    (code): code is string => Boolean(code),
  );
  const found = await Promise.all(
    codes.map(async (code) =>
      (await findAirlines(provider, code)).find((airline) => airline.iata === code),
    ),
  );
  return found
    .filter((airline) => airline !== undefined)
    .map((airline) => ({ iata: airline.iata, name: "", latinName: airline.name }));
}

/** The airports and airlines of both flights, or the fields that name none (or several). */
export async function resolveFlights(
  provider: ProviderContext,
  value: FlightsStepValue,
  t: (key: string, options?: Record<string, unknown>) => string,
): Promise<{ fieldErrors: Record<string, string[]> } | { facts: FlightFacts }> {
  const [airlines, others, ...lookups] = await Promise.all([
    getAirlines(provider),
    lookUpOtherAirlines(provider, value),
    ...FLIGHTS.flatMap((flight) =>
      AIRPORT_FIELDS.map((field) => lookUpAirport(provider, value[flight][field], t)),
    ),
  ]);
  const known = [...airlines, ...others];
  const fieldErrors: Record<string, string[]> = {};
  const airports = {} as FlightFacts["airports"];
  FLIGHTS.forEach((flight, flightIndex) => {
    airports[flight] = {} as FlightFacts["airports"][typeof flight];
    AIRPORT_FIELDS.forEach((field, fieldIndex) => {
      const lookup = lookups[flightIndex * AIRPORT_FIELDS.length + fieldIndex];
      if ("error" in lookup) fieldErrors[`${flight}.${field}`] = [lookup.error];
      else airports[flight][field] = lookup.airport;
    });
    if (!known.some((airline) => airline.iata === value[flight].airline)) {
      if (value[flight].otherAirline)
        fieldErrors[`${flight}.otherAirline`] = ["validation.airlineUnknown"];
      else fieldErrors[`${flight}.airline`] = ["validation.required"];
    }
  });
  if (Object.keys(fieldErrors).length) return { fieldErrors };
  const used = new Set(FLIGHTS.map((flight) => value[flight].airline));
  return {
    facts: {
      airports,
      // The provider's own entry where it has one (its Persian name), else the service's.
      airlines: Object.fromEntries(
        [...others, ...airlines]
          .filter((airline) => used.has(airline.iata))
          .map((airline) => [
            airline.iata,
            { iata: airline.iata, name: airline.name, latinName: airline.latinName },
          ]),
      ),
    },
  };
}

/** The provider's airlines for the airline select, named in the user's language. */
export async function airlineOptions(provider: ProviderContext, language: string) {
  const airlines = await getAirlines(provider);
  return airlines.map((airline) => ({
    value: airline.iata,
    label: `${language === "fa" ? airline.name : airline.latinName} (${airline.iata})`,
  }));
}
