import { fetchAllPages } from "~/utils/lists/all-pages.server";
import { formatBothCalendars, formatTimeAgo } from "~/utils/format/dates";
import { env } from "~/utils/runtime/env.server";
import type { RequestContext } from "~/utils/http/http-layer.server";
import { providerNow } from "~/utils/format/provider-clock.server";
import type { ProviderContext } from "~/utils/provider/request.server";
import { getRequestGrid, type RequestRow } from "~/utils/provider/reserve-requests.server";
import { recordStore } from "~/utils/wizard/draft-store.server";

/** How far ahead a payment deadline counts as coming: the clerk has two working days to act. */
const DUE_SOON_HOURS = 48;

/**
 * The agency's requests waiting for payment whose deadline has passed or falls within the next 48
 * hours of the provider's clock, the earliest deadline first: the overdue ones (the most urgent of
 * all, still payable until the provider cancels them) lead. The list is asked for those only
 * (`PaymentDeadlineTo`: one page for any agency); a provider that does not know that filter
 * answers every request of the state, so every page is read and the deadlines compared here all
 * the same.
 */
async function requestsDueSoon(provider: ProviderContext): Promise<RequestRow[]> {
  // Wall-clock times of one zone compare as text once written alike (YYYY-MM-DDTHH:mm:ss).
  const now = providerNow();
  const until = new Date(Date.parse(`${now}Z`) + DUE_SOON_HOURS * 3_600_000)
    .toISOString()
    .slice(0, 19);
  const waiting = await fetchAllPages((Page, PageSize) =>
    getRequestGrid(provider, { Page, PageSize, State: "PaymentPending", PaymentDeadlineTo: until }),
  );
  return waiting
    .filter((row) => row.State === "PaymentPending" && row.PaymentDeadlineDateTime)
    .filter((row) => row.PaymentDeadlineDateTime!.slice(0, 19) <= until)
    .sort((a, b) => a.PaymentDeadlineDateTime!.localeCompare(b.PaymentDeadlineDateTime!));
}

// The menu (every page) and the dashboard both ask: within one page load, one answer for both.
const dueSoonOfRequest = new WeakMap<RequestContext, Promise<RequestRow[]>>();

/** `requestsDueSoon`, asked once per page load (`context` is made once per request). */
export function requestsDueSoonOnce(context: RequestContext, provider: ProviderContext) {
  let answer = dueSoonOfRequest.get(context);
  if (!answer) {
    answer = requestsDueSoon(provider);
    dueSoonOfRequest.set(context, answer);
  }
  return answer;
}

/**
 * A session's next pages reuse the menu's count of payments due for MENU_COUNT_REUSE_SECONDS (a
 * minute): moving from page to page asks the provider once a minute at most. The dashboard, where
 * the clerk looks at the payments themselves, always asks, and its count is the one reused.
 */
const DASHBOARD_PATH = /^\/dashboard\/?$/;

/**
 * The count of payments due for the side menu: the session's count of the last minute (in the
 * record store, shared by every instance), or asked anew. A store that cannot answer costs the
 * provider call, not the page.
 */
export async function paymentsDueCount(
  request: Request,
  context: RequestContext,
  provider: ProviderContext,
) {
  const key = `menu-due-count:${(await context.session()).id}`;
  const onDashboard = DASHBOARD_PATH.test(new URL(request.url).pathname);
  if (!onDashboard) {
    const kept = await recordStore.get<number>(key).catch(() => null);
    if (typeof kept === "number") return kept;
  }
  const count = (await requestsDueSoonOnce(context, provider)).length;
  await recordStore.set(key, count, env.MENU_COUNT_REUSE_SECONDS).catch(() => {});
  return count;
}

/**
 * A request due soon as the dashboard shows it: the deadline in both calendars, the time left (or
 * since it passed), and whether it is overdue.
 */
export function dueSoonView(row: RequestRow, language: string, now = new Date()) {
  return {
    id: row.Id,
    overdue: row.PaymentDeadlineDateTime!.slice(0, 19) < providerNow(),
    number: row.RequestNumber,
    hotel: row.HotelName,
    deadline: formatBothCalendars(row.PaymentDeadlineDateTime!, language, "longDateTime"),
    timeLeft: formatTimeAgo(row.PaymentDeadlineDateTime!, language, now, env.PROVIDER_TIME_ZONE),
  };
}
