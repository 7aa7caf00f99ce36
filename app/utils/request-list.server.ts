import { z } from "zod";
import { parseDateInput } from "~/utils/date-input";
import { normalizeDigits } from "~/utils/numbers";
import { PAGE_SIZES } from "~/utils/paging";
import type { RequestGridQuery } from "~/utils/provider/reserve-requests.server";

/**
 * The requests list's filters as they travel in the URL (a GET form, so every view is a link):
 * what the user typed, the provider's query made of it, and the dates that could not be read.
 */

const text = (max: number) => z.string().trim().max(max).optional().catch(undefined);

const filtersSchema = z.object({
  state: z
    .string()
    .regex(/^[A-Za-z]{1,40}$/)
    .optional()
    .catch(undefined),
  number: text(30),
  ref: text(50),
  guest: text(60),
  hotel: text(60),
  from: text(20),
  to: text(20),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  size: z.coerce
    .number()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .catch(PAGE_SIZES[0]),
});
export type RequestFilters = z.infer<typeof filtersSchema>;

/** The text filters a user can set (the paging is not a filter). */
export const FILTER_NAMES = ["state", "number", "ref", "guest", "hotel", "from", "to"] as const;

export function readRequestFilters(url: URL, language: string) {
  const filters = filtersSchema.parse(Object.fromEntries(url.searchParams));
  const dateErrors: Partial<Record<"from" | "to", string>> = {};
  const date = (name: "from" | "to") => {
    const typed = filters[name];
    if (!typed) return undefined;
    // A link made in the other language still works: a year before 1700 is a Jalali one.
    const year = Number(normalizeDigits(typed).match(/^\s*(\d{4})/)?.[1]);
    const calendar = year ? (year < 1700 ? "fa" : "en") : language;
    const iso = parseDateInput(typed, calendar);
    if (!iso) dateErrors[name] = "validation.date";
    return iso ?? undefined;
  };
  const query: Omit<RequestGridQuery, "Page" | "PageSize"> = {
    State: filters.state,
    RequestNumber: filters.number,
    AgencyRef: filters.ref,
    GuestName: filters.guest,
    HotelName: filters.hotel,
    CheckInFrom: date("from"),
    CheckInTo: date("to"),
  };
  return {
    filters,
    query,
    dateErrors,
    isFiltered: FILTER_NAMES.some((name) => Boolean(filters[name])),
  };
}
