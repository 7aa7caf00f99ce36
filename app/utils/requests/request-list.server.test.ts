import { describe, expect, test } from "vitest";
import { readRequestFilters } from "./request-list.server";

const read = (search: string, language = "en") =>
  readRequestFilters(new URL(`http://portal/reservations/list${search}`), language);

describe("readRequestFilters", () => {
  test("turns the URL's filters into the provider's query", () => {
    const { query, filters, isFiltered } = read("?state=Confirmed&guest=Sara&page=2&size=25");
    expect(query).toMatchObject({ State: "Confirmed", GuestName: "Sara" });
    expect(filters).toMatchObject({ page: 2, size: 25 });
    expect(isFiltered).toBe(true);
  });
  test("reads dates in the calendar their year belongs to, whatever the language", () => {
    expect(read("?from=2026/12/09", "fa").query.CheckInFrom).toBe("2026-12-09");
    expect(read("?from=۱۴۰۵/۰۹/۱۸", "en").query.CheckInFrom).toBe("2026-12-09");
  });
  test("an impossible date is an error beside its field, not a filter", () => {
    const { query, dateErrors } = read("?from=2026/02/30");
    expect(query.CheckInFrom).toBeUndefined();
    expect(dateErrors).toEqual({ from: "validation.date" });
  });
  test("paging falls back to the first page of 10 on anything odd", () => {
    expect(read("?page=-1&size=13").filters).toMatchObject({ page: 1, size: 10 });
    expect(read("").isFiltered).toBe(false);
  });
});
