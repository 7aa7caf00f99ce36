import { z } from "zod";
import { typedDate } from "~/utils/forms/date-validation";
import { optionalText } from "~/utils/forms/validation";

/**
 * Step 1 of the request wizard, the hotel and the stay, and the modify-dates screen: their schemas,
 * for the browser (conform) and the server alike. A module of its own, so that the other steps'
 * pages do not carry them (the JS budget). Field errors are translation keys (common:validation.*).
 */

/** A stay's dates: check-in not in the past (the provider's today), check-out after check-in. */
function stayDatesRule(today: string) {
  return (value: { checkIn: string; checkOut: string }, ctx: z.RefinementCtx) => {
    if (value.checkIn < today)
      ctx.addIssue({ code: "custom", path: ["checkIn"], message: "validation.checkInPast" });
    if (value.checkOut <= value.checkIn)
      ctx.addIssue({
        code: "custom",
        path: ["checkOut"],
        message: "validation.checkOutAfterCheckIn",
      });
  };
}

/** New dates of a stay, typed in the user's calendar (the modify-dates screen). */
export function stayDatesSchema(language: string, today: string) {
  return z
    .object({ checkIn: typedDate(language), checkOut: typedDate(language) })
    .superRefine(stayDatesRule(today));
}

export function hotelStepSchema(language: string, today: string) {
  return z
    .object({
      propertyId: z.number({
        required_error: "validation.chooseHotel",
        invalid_type_error: "validation.chooseHotel",
      }),
      checkIn: typedDate(language),
      checkOut: typedDate(language),
      needTransfer: z.boolean().default(false),
      description: optionalText(1000),
      agencyRef: optionalText(50),
      // The search fields share the form; their values travel in the URL (hotelFiltersSchema).
      packageId: z.string().optional(),
      place: z.string().optional(),
      location: z.string().optional(),
      grade: z.string().optional(),
      name: z.string().optional(),
    })
    .superRefine(stayDatesRule(today));
}
export type HotelStepInput = z.input<ReturnType<typeof hotelStepSchema>>;
export type HotelStepValue = z.output<ReturnType<typeof hotelStepSchema>>;

/** The hotel search fields of step 1, as they travel in the URL. */
export const hotelFiltersSchema = z.object({
  packageId: z.string().regex(/^\d+$/).optional().catch(undefined),
  place: z.string().trim().max(60).optional().catch(undefined),
  /** A place typed and looked up in the geo service: hotels in any place it matches. */
  location: z.string().trim().max(60).optional().catch(undefined),
  grade: z
    .string()
    .regex(/^[1-5]$/)
    .optional()
    .catch(undefined),
  name: z.string().trim().max(60).optional().catch(undefined),
});
export type HotelFilters = z.infer<typeof hotelFiltersSchema>;
