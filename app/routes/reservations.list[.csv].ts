import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProvider } from "~/utils/session/auth.server";
import { csvResponse, toCsv } from "~/utils/money/csv.server";
import { formatDate } from "~/utils/format/dates";
import { fetchAllPages } from "~/utils/lists/all-pages.server";
import { getRequestGrid, type RequestRow } from "~/utils/provider/reserve-requests.server";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import { readRequestFilters } from "~/utils/requests/request-list.server";
import { requestStateLabel } from "~/utils/requests/request-states";

/**
 * /reservations/list.csv?<the list's filters>: every row of the filter, all pages, for a
 * spreadsheet. Dates in the user's calendar and, beside them, as ISO dates a machine can read.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const language = context.language;
  const t = context.translator("requests");
  const tCommon = context.translator();
  const { query } = readRequestFilters(new URL(request.url), language);
  const rows = await orProviderErrorPage(
    context,
    fetchAllPages((Page, PageSize) => getRequestGrid(provider, { ...query, Page, PageSize })),
  );
  const date = (value: string | null, style: "date" | "dateTime" = "date") =>
    value ? formatDate(value, language, style) : "";
  const header = [
    t("fields.number"),
    t("fields.agencyRef"),
    t("fields.hotel"),
    t("fields.checkIn"),
    `${t("fields.checkIn")} (ISO)`,
    t("fields.checkOut"),
    `${t("fields.checkOut")} (ISO)`,
    t("fields.rooms"),
    t("fields.guests"),
    t("fields.state"),
    t("fields.requestDate"),
    `${t("fields.requestDate")} (ISO)`,
    t("fields.paymentDeadline"),
    `${t("fields.paymentDeadline")} (ISO)`,
    t("fields.unreadNotes"),
  ];
  const line = (row: RequestRow) => [
    row.RequestNumber,
    row.AgencyRef ?? "",
    row.HotelName,
    date(row.CheckInDate),
    row.CheckInDate,
    date(row.CheckoutDate),
    row.CheckoutDate,
    row.RoomCount,
    row.GuestCount,
    requestStateLabel(row.State, tCommon),
    date(row.CreateDateTime, "dateTime"),
    row.CreateDateTime,
    date(row.PaymentDeadlineDateTime, "dateTime"),
    row.PaymentDeadlineDateTime ?? "",
    row.UnreadNoteCount,
  ];
  return csvResponse(toCsv([header, ...rows.map(line)]), "requests.csv");
}
