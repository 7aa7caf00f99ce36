import { PAGE_SIZES } from "~/utils/lists/paging";

/** Pages of the largest size, and no more than this many: a spreadsheet, not a dump. */
const PAGE_SIZE = PAGE_SIZES[PAGE_SIZES.length - 1];
const MAX_PAGES = 100;

/**
 * Every item of a paged provider list (the CSV exports, the payments due soon): the first page says how many there are,
 * then the other pages are asked for all together.
 */
export async function fetchAllPages<Item>(
  page: (page: number, pageSize: number) => Promise<{ Items: Item[]; TotalCount: number }>,
) {
  const first = await page(1, PAGE_SIZE);
  const pageCount = Math.min(MAX_PAGES, Math.ceil(first.TotalCount / PAGE_SIZE));
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => page(index + 2, PAGE_SIZE)),
  );
  return [first, ...rest].flatMap((answer) => answer.Items);
}
