import { z } from "zod";
import { calendarOfTypedDate, parseDateInput } from "~/utils/format/date-input";
import { withLatinDigitsIn } from "~/utils/forms/typed-digits";
import { PAGE_SIZES } from "~/utils/lists/paging";

/**
 * Filters of the server-paged lists (requests, orders, transactions) as they travel in the URL:
 * a GET form, so every view is a link. Anything odd falls back to no filter, never to an error page.
 */

/**
 * A list's query: `typed`, as the clerk typed it (what the form shows again, in her digits), and
 * `read`, every digit Latin (what the provider is asked): `۷۰۰۱` finds HR-7001.
 */
export function readListQuery(url: URL) {
  const typed = Object.fromEntries(url.searchParams);
  return { typed, read: withLatinDigitsIn(typed) };
}

export const filterText = (max: number) => z.string().trim().max(max).optional().catch(undefined);

export const pagingFields = {
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  size: z.coerce
    .number()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .catch(PAGE_SIZES[0]),
};

export type DateErrors = Partial<Record<"from" | "to", string>>;

/**
 * Typed dates of a range, as ISO dates. A link made in the other language still works: a year
 * before 1700 is a Jalali one. A date that cannot be read is an error beside its field.
 */
export function readDateRange(typed: { from?: string; to?: string }, language: string) {
  const dateErrors: DateErrors = {};
  const read = (name: "from" | "to") => {
    const text = typed[name];
    if (!text) return undefined;
    const iso = parseDateInput(text, calendarOfTypedDate(text) ?? language);
    if (!iso) dateErrors[name] = "validation.date";
    return iso ?? undefined;
  };
  return { from: read("from"), to: read("to"), dateErrors };
}

/**
 * Whether a list's filters open unfolded: on a wide screen they cost nothing, on a phone they
 * would push the results a screen down. The server cannot see the screen, so it goes by the
 * device: a phone says so in its user agent ("Mobi") or, in Chromium, in `Sec-CH-UA-Mobile`.
 * A filter that could not be read opens them anywhere, so its message is seen.
 */
export function filtersOpenAtFirst(request: Request, dateErrors: DateErrors) {
  if (Object.keys(dateErrors).length > 0) return true;
  const isPhone =
    request.headers.get("Sec-CH-UA-Mobile") === "?1" ||
    /Mobi/i.test(request.headers.get("User-Agent") ?? "");
  return !isPhone;
}
