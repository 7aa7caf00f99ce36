import { z } from "zod";
import { normalizeDigits } from "~/utils/format/numbers";
import { typedDate } from "~/utils/forms/date-validation";
import { requiredText, typedTime } from "~/utils/forms/validation";

/**
 * Step 3 of the request wizard, the flights of a transfer, and the modify-flights screen: their
 * schemas, for the browser (conform) and the server alike. A module of its own, so that the other
 * steps' pages do not carry them (the JS budget). Field errors are translation keys.
 */

const optional = <T extends z.ZodTypeAny>(schema: T) => schema.optional();

const flightSchema = (language: string) =>
  z
    .object({
      // From the provider's list, or (not on it) typed as an IATA code and looked up in the
      // airline service: `otherAirline`, which then is the flight's airline.
      airline: optional(z.string().regex(/^[A-Z0-9]{2}$/, "validation.required")),
      otherAirline: optional(
        requiredText(2)
          .transform((text) => normalizeDigits(text).toUpperCase())
          .refine((text) => /^[A-Z0-9]{2}$/.test(text), "validation.airlineCode"),
      ),
      flightNumber: requiredText(10)
        .transform((text) => normalizeDigits(text).toUpperCase().replace(/\s+/g, ""))
        .refine((text) => /^[A-Z0-9]{2,8}$/.test(text), "validation.format"),
      takeOffDate: typedDate(language),
      takeOffTime: typedTime,
      landingDate: optional(typedDate(language)),
      landingTime: optional(typedTime),
      origin: requiredText(100),
      destination: requiredText(100),
      duration: optional(
        requiredText(5)
          .transform((text) => normalizeDigits(text))
          .refine((text) => /^\d{1,2}:[0-5]\d$/.test(text), "validation.time"),
      ),
    })
    .superRefine((value, ctx) => {
      if (!value.airline && !value.otherAirline)
        ctx.addIssue({ code: "custom", path: ["airline"], message: "validation.required" });
      // The landing is optional, but a date and a time go together.
      if (value.landingDate && !value.landingTime)
        ctx.addIssue({ code: "custom", path: ["landingTime"], message: "validation.required" });
      if (value.landingTime && !value.landingDate)
        ctx.addIssue({ code: "custom", path: ["landingDate"], message: "validation.required" });
    });

export function flightsStepSchema(language: string) {
  const flight = flightSchema(language).transform(({ airline, otherAirline, ...rest }) => ({
    ...rest,
    airline: (otherAirline ?? airline)!,
    ...(otherAirline ? { otherAirline } : {}),
  }));
  return z.object({ arrival: flight, departure: flight });
}
export type FlightsStepValue = z.output<ReturnType<typeof flightsStepSchema>>;
export type FlightValue = FlightsStepValue["arrival"];

/** What the server resolved a typed airport to. */
export type ResolvedAirport = { iata: string; title: string };
