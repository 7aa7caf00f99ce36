import { providerToday } from "../clock";
import { http, HttpResponse } from "msw";
import { REQUEST_STATES, type ReserveRequest } from "../model";
import { domainModelOf, fail, requireUser, type SandboxContext } from "./common";

function percent(part: number, total: number) {
  return total ? Math.round((part / total) * 1000) / 10 : 0;
}

/** Counts of the agency's requests by state; the bare names are shares of the total in percent. */
function requestStatistics(requests: ReserveRequest[]) {
  const count = (state: ReserveRequest["state"]) =>
    requests.filter((request) => request.state === state).length;
  const total = requests.length;
  const invoicedNumber = count("New");
  const waitForPaymentNumber = count("PaymentPending");
  const confirmedNumber = count("Confirmed");
  const rejectedNumber = count("Rejected");
  return {
    invoiced: percent(invoicedNumber, total),
    waitForPayment: percent(waitForPaymentNumber, total),
    confirmed: percent(confirmedNumber, total),
    rejected: percent(rejectedNumber, total),
    canceled: percent(count("Cancelled"), total),
    total,
    invoicedNumber,
    waitForPaymentNumber,
    confirmedNumber,
    rejectedNumber,
  };
}

/** GET /api/DashboardClient: statistics, state counts, unread notes, announcements or commissions, by domain model. */
export function dashboardHandlers(ctx: SandboxContext) {
  return [
    http.get(`${ctx.base}/api/DashboardClient`, ({ request }) => {
      const { agency } = requireUser(ctx, request);
      const requests = ctx.store.state.requests.filter((entry) => entry.agencyId === agency.id);
      const { state } = ctx.store;
      const today = providerToday();
      switch (domainModelOf(request.headers.get("Accept"))) {
        case "DashboardRequestStatistics":
          return HttpResponse.json(requestStatistics(requests));
        case "RequestStateCounts":
          return HttpResponse.json(
            REQUEST_STATES.map((name) => ({
              State: name,
              Count: requests.filter((entry) => entry.state === name).length,
            })),
          );
        case "DashboardUnreadNotes":
          return HttpResponse.json(
            requests
              .map((entry) => ({
                id: entry.id,
                reserveNumber: entry.requestNumber,
                unReadNoteNumber: entry.notes.filter((note) => note.isBroker && !note.isRead)
                  .length,
              }))
              .filter((entry) => entry.unReadNoteNumber > 0),
          );
        case "DashboardAnnouncements":
          return HttpResponse.json(
            state.announcements.filter(
              (entry) => entry.startDate <= today && today <= entry.endDate,
            ),
          );
        case "AgencyGroupCommission":
          return HttpResponse.json(state.commissionGroups);
        default:
          return fail(400, "Unknown domain model for /api/DashboardClient.");
      }
    }),
  ];
}
