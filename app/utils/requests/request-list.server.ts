import { z } from "zod";
import {
  filterText,
  pagingFields,
  readDateRange,
  readListQuery,
} from "~/utils/lists/list-filters.server";
import type { RequestGridQuery } from "~/utils/provider/reserve-requests.server";

/**
 * The requests list's filters as they travel in the URL: what the user typed, the provider's
 * query made of it, and the dates that could not be read.
 */

/** The orders the portal can put a one-page list in, soonest first. */
const LIST_SORTS = ["deadline", "checkIn"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

const filtersSchema = z.object({
  state: z
    .string()
    .regex(/^[A-Za-z]{1,40}$/)
    .optional()
    .catch(undefined),
  number: filterText(30),
  ref: filterText(50),
  guest: filterText(60),
  hotel: filterText(60),
  from: filterText(20),
  to: filterText(20),
  // The provider's list is newest first and cannot sort otherwise (docs/provider-api.md); the
  // portal sorts by payment deadline or check-in only a list that fits on one page, which it then
  // holds whole.
  sort: z.enum(LIST_SORTS).optional().catch(undefined),
  ...pagingFields,
});

const pickTexts = ({ number, ref, guest, hotel, from, to }: z.infer<typeof filtersSchema>) => ({
  number,
  ref,
  guest,
  hotel,
  from,
  to,
});

/** The text filters a user can set (the paging is not a filter). */
const FILTER_NAMES = ["state", "number", "ref", "guest", "hotel", "from", "to"] as const;

export function readRequestFilters(url: URL, language: string) {
  const { typed, read } = readListQuery(url);
  const values = filtersSchema.parse(read);
  // The form shows the texts as typed, in the clerk's digits.
  const shown = filtersSchema.parse(typed);
  const filters = { ...values, ...pickTexts(shown) };
  const { from, to, dateErrors } = readDateRange(filters, language);
  const query: Omit<RequestGridQuery, "Page" | "PageSize"> = {
    State: values.state,
    RequestNumber: values.number,
    AgencyRef: values.ref,
    GuestName: values.guest,
    HotelName: values.hotel,
    CheckInFrom: from,
    CheckInTo: to,
  };
  return {
    filters,
    query,
    dateErrors,
    isFiltered: FILTER_NAMES.some((name) => Boolean(filters[name])),
  };
}
