import { z } from "zod";
import {
  filterText,
  pagingFields,
  readDateRange,
  readListQuery,
} from "~/utils/lists/list-filters.server";

/** The statement's filters as they travel in the URL: a date range, and the page. */
const filtersSchema = z.object({ from: filterText(20), to: filterText(20), ...pagingFields });

const pickDates = ({ from, to }: z.infer<typeof filtersSchema>) => ({ from, to });

export function readStatementFilters(url: URL, language: string) {
  const { typed, read } = readListQuery(url);
  // The dates as typed, for the form; the page in any digits.
  const filters = { ...filtersSchema.parse(read), ...pickDates(filtersSchema.parse(typed)) };
  const { from, to, dateErrors } = readDateRange(filters, language);
  return { filters, range: { FromDate: from, ToDate: to }, dateErrors };
}
