import { z } from "zod";
import { filterText, pagingFields, readDateRange } from "~/utils/lists/list-filters.server";

/** The statement's filters as they travel in the URL: a date range, and the page. */
const filtersSchema = z.object({ from: filterText(20), to: filterText(20), ...pagingFields });

export function readStatementFilters(url: URL, language: string) {
  const filters = filtersSchema.parse(Object.fromEntries(url.searchParams));
  const { from, to, dateErrors } = readDateRange(filters, language);
  return { filters, range: { FromDate: from, ToDate: to }, dateErrors };
}
