import { useForm } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { dataBroughtFor } from "~/utils/wizard/continue";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListFilters } from "~/components/list-filters";
import { DateField } from "~/components/date-picker";
import { SelectField, TextField } from "~/components/forms";
import { Pagination } from "~/components/pagination";
import { RequestStateChip } from "~/components/state-chips";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireProvider } from "~/utils/session/auth.server";
import { exampleDateInput, formatDateInput } from "~/utils/format/date-input";
import { providerToday } from "~/utils/format/provider-clock.server";
import { formatDate } from "~/utils/format/dates";
import { dateErrorsResult } from "~/utils/lists/list-filters";
import { filtersOpenAtFirst } from "~/utils/lists/list-filters.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { localizeDigits } from "~/utils/format/numbers";
import { PAGE_SIZES } from "~/utils/lists/paging";
import {
  getRequestGrid,
  getRequestStates,
  type RequestRow,
} from "~/utils/provider/reserve-requests.server";
import { orProviderErrorPage, settle } from "~/utils/http/provider-errors.server";
import { readRequestFilters, type ListSort } from "~/utils/requests/request-list.server";
import {
  inRequestStateOrder,
  REQUEST_STATES,
  requestStateLabel,
} from "~/utils/requests/request-states";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { NewRequestLink } from "~/components/wizard/new-request-link";

export const handle = { i18n: ["common", "requests"] };

/** The arrivals link: check-ins from today through the next six days. */
const ARRIVALS_DAYS = 7;

function addDays(isoDay: string, days: number) {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The agency's requests (/reservations/list): the provider's grid, paged on the server, newest
 * first, filtered by a GET form so every view is a link (the dashboard's counters link here).
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const url = new URL(request.url);
  const language = context.language;
  const t = context.translator("requests");
  const { filters, query, dateErrors, isFiltered } = readRequestFilters(url, language);
  const [states, grid] = await Promise.all([
    settle(context, getRequestStates(provider)),
    orProviderErrorPage(
      context,
      getRequestGrid(provider, { ...query, Page: filters.page, PageSize: filters.size }),
    ),
  ]);
  const date = (value: string | null) => (value ? formatDate(value, language) : null);
  // Every matching request is on this page: sorting it sorts them all (ties keep the
  // provider's order, newest first; requests without a deadline last).
  const sortable = grid.TotalCount <= filters.size;
  const by = sortable ? (filters.sort ?? null) : null;
  const sortKey = (row: RequestRow) =>
    by === "deadline" ? (row.PaymentDeadlineDateTime ?? "~") : row.CheckInDate;
  const items = by
    ? [...grid.Items].sort((a, b) => sortKey(a).localeCompare(sortKey(b)))
    : grid.Items;
  // The arrivals of the coming week, as a filter a clerk could have typed, in check-in order.
  const today = providerToday();
  const arrivals = new URLSearchParams({
    from: formatDateInput(today, language),
    to: formatDateInput(addDays(today, ARRIVALS_DAYS - 1), language),
    sort: "checkIn",
  });
  const exportParams = new URLSearchParams(url.search);
  exportParams.delete("page");
  exportParams.delete("size");
  exportParams.delete("sort");
  return {
    title: t("list.title"),
    // Formatted here: the page then needs no date library in the browser.
    datePlaceholder: exampleDateInput(language),
    // Without the provider's list the filter still offers the states the portal knows.
    // In the portal's order, whatever order the provider lists them in (docs/provider-api.md).
    states: states.ok
      ? inRequestStateOrder(states.data).map((entry) => entry.State)
      : [...REQUEST_STATES],
    filters,
    dateErrors,
    filtersOpen: filtersOpenAtFirst(request, dateErrors),
    isFiltered,
    sorting: { by, sortable, refused: Boolean(filters.sort) && !sortable },
    arrivalsHref: `?${arrivals}`,
    total: grid.TotalCount,
    pageCount: Math.max(1, Math.ceil(grid.TotalCount / filters.size)),
    exportHref: `/reservations/list.csv${exportParams.size ? `?${exportParams}` : ""}`,
    rows: items.map((row) => ({
      id: row.Id,
      number: row.RequestNumber,
      agencyRef: row.AgencyRef,
      hotel: row.HotelName,
      checkIn: date(row.CheckInDate),
      checkOut: date(row.CheckoutDate),
      rooms: localizeDigits(row.RoomCount, language),
      state: row.State,
      created: formatDate(row.CreateDateTime, language, "dateTime"),
      deadline: row.PaymentDeadlineDateTime
        ? formatDate(row.PaymentDeadlineDateTime, language, "dateTime")
        : null,
      unread: row.UnreadNoteCount,
    })),
  };
}

// With JS the list may come with the request sent or changed that leads to it (decision 044).
export const clientLoader = dataBroughtFor("step");

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export default function RequestsList() {
  const list = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("requests");
  // A new URL (a search, a dashboard link) starts the form again from its filters.
  const { search } = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{list.title}</h1>
      <RequestFilters key={search} />
      <Card>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-sm text-gray-700" data-testid="result-count">
            {t("list.count", {
              count: list.total,
              number: localizeDigits(list.total, i18n.language),
            })}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Link
              to={list.arrivalsHref}
              className="text-sm text-primary-dark underline"
              data-testid="arrivals-link"
            >
              {t("list.arrivals", { number: localizeDigits(ARRIVALS_DAYS, i18n.language) })}
            </Link>{" "}
            {list.total > 0 ? (
              <a href={list.exportHref} download className={buttonClasses("secondary")}>
                {t("list.export")}
              </a>
            ) : null}
          </div>
        </div>
        {list.rows.length === 0 && list.total > 0 ? (
          <PastTheLastPage pageCount={list.pageCount} />
        ) : list.rows.length === 0 ? (
          <div className="flex flex-col items-start gap-2">
            <p>{list.isFiltered ? t("list.noneMatch") : t("list.none")}</p>
            {list.isFiltered ? (
              <Link to="/reservations/list" className="text-primary-dark underline">
                {t("list.clearFilters")}
              </Link>
            ) : (
              <NewRequestLink className="text-primary-dark underline">
                {t("list.newRequest")}
              </NewRequestLink>
            )}
          </div>
        ) : (
          <RequestsTable rows={list.rows} sorting={list.sorting} />
        )}
        {list.sorting.refused ? (
          <p className="mt-3 text-sm text-gray-700" data-testid="sort-refused">
            {t("list.sortNeedsOnePage")}
          </p>
        ) : null}
        <Pagination page={list.filters.page} pageCount={list.pageCount} />
      </Card>
    </div>
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

type Sorting = ReturnType<typeof useLoaderData<typeof loader>>["sorting"];

function RequestsTable({ rows, sorting }: { rows: Row[]; sorting: Sorting }) {
  const { t, i18n } = useTranslation("requests");
  const heading = "px-2 py-2 text-start font-medium";
  return (
    <ScrollRegion label={t("list.tableLabel")}>
      <table className="w-full min-w-[52rem] text-sm" data-testid="requests-table">
        <thead className="border-b border-gray-300 text-gray-700">
          <tr>
            <th scope="col" className={heading}>
              {t("fields.number")}
            </th>
            <th scope="col" className={heading}>
              {t("fields.hotel")}
            </th>
            <th
              scope="col"
              className={heading}
              aria-sort={sorting.by === "checkIn" ? "ascending" : undefined}
            >
              <SortLink sorting={sorting} column="checkIn" label={t("fields.stay")} />
            </th>
            <th scope="col" className={heading}>
              {t("fields.rooms")}
            </th>
            <th scope="col" className={heading}>
              {t("fields.state")}
            </th>
            <th
              scope="col"
              className={heading}
              aria-sort={sorting.by === "deadline" ? "ascending" : undefined}
            >
              <SortLink sorting={sorting} column="deadline" label={t("fields.paymentDeadline")} />
            </th>
            <th scope="col" className={heading}>
              {t("fields.notes")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-gray-100 align-top">
              <td className="px-2 py-2">
                <Link
                  to={`/reservations/reservation-details/${row.id}`}
                  className="font-medium text-primary-dark underline"
                  dir="ltr"
                >
                  {row.number}
                </Link>{" "}
                <span className="block text-xs text-gray-600">{row.created}</span>{" "}
                {row.agencyRef ? (
                  <span className="block text-xs text-gray-600">
                    {t("fields.agencyRef")}: <bdi>{row.agencyRef}</bdi>
                  </span>
                ) : null}
              </td>
              <td className="px-2 py-2">
                <bdi>{row.hotel}</bdi>
              </td>
              <td className="whitespace-nowrap px-2 py-2">
                {row.checkIn} – {row.checkOut}
              </td>
              <td className="px-2 py-2">{row.rooms}</td>
              <td className="px-2 py-2">
                <RequestStateChip state={row.state} />
              </td>
              <td className="whitespace-nowrap px-2 py-2">{row.deadline ?? "—"}</td>
              <td className="px-2 py-2">
                {row.unread > 0 ? (
                  <span className="inline-block whitespace-nowrap rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-white">
                    {t("list.unread", {
                      count: row.unread,
                      number: localizeDigits(row.unread, i18n.language),
                    })}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * A sortable column's heading: a link that sorts by it, the soonest first (and back to newest
 * first), on a list that fits on one page; on a longer one the heading only names the column,
 * as the provider cannot sort its pages.
 */
function SortLink({
  sorting,
  column,
  label,
}: {
  sorting: Sorting;
  column: ListSort;
  label: string;
}) {
  const { t } = useTranslation("requests");
  const { search } = useLocation();
  if (!sorting.sortable) return <>{label}</>;
  const sorted = sorting.by === column;
  const params = new URLSearchParams(search);
  if (sorted) params.delete("sort");
  else params.set("sort", column);
  params.delete("page");
  return (
    <Link to={`?${params}`} className="text-primary-dark underline" preventScrollReset>
      {label}
      <span className="sr-only">
        {sorted ? t("list.sortNewestFirst") : t(`list.sortBy.${column}`)}
      </span>
      {sorted ? <span aria-hidden="true"> ↑</span> : null}
    </Link>
  );
}

/** The filters: a GET form, so the result is a URL. Dates are typed in the user's calendar. */
function RequestFilters() {
  const { filters, filtersOpen, states, dateErrors, datePlaceholder } =
    useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("requests");
  const { t: tCommon } = useTranslation();
  const [form, fields] = useForm({
    id: "request-filters",
    defaultValue: { ...filters, size: String(filters.size) },
    lastResult: dateErrorsResult(dateErrors),
  });
  return (
    <ListFilters
      title={t("filters.heading")}
      form={form}
      open={filtersOpen}
      active={[
        filters.state && {
          label: t("fields.state"),
          value: requestStateLabel(filters.state, tCommon),
        },
        filters.number && { label: t("fields.number"), value: filters.number },
        filters.ref && { label: t("fields.agencyRef"), value: filters.ref },
        filters.guest && { label: t("filters.guest"), value: filters.guest },
        filters.hotel && { label: t("fields.hotel"), value: filters.hotel },
        filters.from && { label: t("filters.checkInFrom"), value: filters.from },
        filters.to && { label: t("filters.checkInTo"), value: filters.to },
      ]}
      submitLabel={t("filters.search")}
      clearTo="/reservations/list"
      clearLabel={t("filters.clear")}
    >
      <SelectField
        meta={fields.state}
        label={t("fields.state")}
        placeholder={t("filters.anyState")}
        options={states.map((state) => ({
          value: state,
          label: requestStateLabel(state, tCommon),
        }))}
      />
      <TextField meta={fields.number} label={t("fields.number")} dir="ltr" />
      <TextField meta={fields.ref} label={t("fields.agencyRef")} />
      <TextField meta={fields.guest} label={t("filters.guest")} />
      <TextField meta={fields.hotel} label={t("fields.hotel")} />
      <DateField
        meta={fields.from}
        label={t("filters.checkInFrom")}
        placeholder={datePlaceholder}
        picker={{}}
      />
      <DateField
        meta={fields.to}
        label={t("filters.checkInTo")}
        placeholder={datePlaceholder}
        picker={{}}
      />
      <SelectField
        meta={fields.size}
        label={t("filters.pageSize")}
        options={PAGE_SIZES.map((size) => ({
          value: String(size),
          label: localizeDigits(size, i18n.language),
        }))}
      />
    </ListFilters>
  );
}

/** A page number past the list's end (an old link, a list that got shorter): the way back to its end. */
function PastTheLastPage({ pageCount }: { pageCount: number }) {
  const { t, i18n } = useTranslation("requests");
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set("page", String(pageCount));
  return (
    <div className="flex flex-col items-start gap-2">
      <p>{t("list.pastLast")}</p>
      <Link to={`?${params}`} className="text-primary-dark underline">
        {t("list.lastPage", { number: localizeDigits(pageCount, i18n.language) })}
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
