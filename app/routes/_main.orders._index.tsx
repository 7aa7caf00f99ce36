import { useForm } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListFilters } from "~/components/list-filters";
import { DateField } from "~/components/date-picker";
import { SelectField, TextField } from "~/components/forms";
import { OrderStateChip } from "~/components/state-chips";
import { Pagination } from "~/components/pagination";
import { Card } from "~/components/ui/card";
import { requireProvider } from "~/utils/session/auth.server";
import { exampleDateInput } from "~/utils/format/date-input";
import { formatDate } from "~/utils/format/dates";
import { dateErrorsResult } from "~/utils/lists/list-filters";
import {
  filterText,
  filtersOpenAtFirst,
  pagingFields,
  readDateRange,
  readListQuery,
} from "~/utils/lists/list-filters.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { localizeDigits, moneyIn } from "~/utils/format/numbers";
import { ORDER_STATES } from "~/utils/money/order-states";
import { currencySigns } from "~/utils/provider/client.server";
import { getOrderGrid } from "~/utils/provider/orders.server";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import { ScrollRegion } from "~/components/ui/scroll-region";

export const handle = { i18n: ["common", "orders"] };

/**
 * The agency's orders, "contracts" in the menu (/orders): server-paged, newest first, filtered by
 * contract number, date range and state through a GET form, so every view is a link.
 */

const filtersSchema = z.object({
  number: filterText(30),
  from: filterText(20),
  to: filterText(20),
  state: z.enum(ORDER_STATES).optional().catch(undefined),
  ...pagingFields,
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const language = context.language;
  const t = context.translator("orders");
  const { typed, read } = readListQuery(new URL(request.url));
  const values = filtersSchema.parse(read);
  // The texts as typed, for the form to show in the clerk's digits.
  const { number, from: fromTyped, to: toTyped } = filtersSchema.parse(typed);
  const filters = { ...values, number, from: fromTyped, to: toTyped };
  const { from, to, dateErrors } = readDateRange(filters, language);
  const [grid, signs] = await Promise.all([
    orProviderErrorPage(
      context,
      getOrderGrid(provider, {
        Page: filters.page,
        PageSize: filters.size,
        ContractNumber: values.number,
        FromDate: from,
        ToDate: to,
        State: filters.state,
      }),
    ),
    currencySigns(provider),
  ]);
  const money = moneyIn(language, signs);
  return {
    title: t("list.title"),
    // Formatted here: the page then needs no date library in the browser.
    datePlaceholder: exampleDateInput(language),
    filters,
    dateErrors,
    filtersOpen: filtersOpenAtFirst(request, dateErrors),
    isFiltered: Boolean(filters.number || filters.from || filters.to || filters.state),
    total: grid.TotalCount,
    pageCount: Math.max(1, Math.ceil(grid.TotalCount / filters.size)),
    rows: grid.Items.map((row) => ({
      id: row.Id,
      number: row.ContractNumber,
      date: formatDate(row.CreateDate, language),
      requests: localizeDigits(row.RequestCount, language),
      total: money(row.TotalAmount, row.Currency),
      paid: money(row.PaidAmount, row.Currency),
      balance: money(row.Balance, row.Currency),
      currency: row.Currency,
      state: row.State,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export default function OrdersList() {
  const list = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("orders");
  const { search } = useLocation();
  const heading = "px-2 py-2 text-start font-medium";
  const amount = "px-2 py-2 text-end whitespace-nowrap";
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{list.title}</h1>
      <OrderFilters key={search} />
      <Card>
        <p role="status" className="mb-3 text-sm text-gray-700" data-testid="result-count">
          {t("list.count", {
            count: list.total,
            number: localizeDigits(list.total, i18n.language),
          })}
        </p>
        {list.rows.length === 0 ? (
          <div className="flex flex-col items-start gap-2">
            <p>{list.isFiltered ? t("list.noneMatch") : t("list.none")}</p>
            {list.isFiltered ? (
              <Link to="/orders" className="text-primary-dark underline">
                {t("list.clearFilters")}
              </Link>
            ) : null}
          </div>
        ) : (
          <ScrollRegion label={t("list.tableLabel")}>
            <table className="w-full min-w-[48rem] text-sm" data-testid="orders-table">
              <thead className="border-b border-gray-300 text-gray-700">
                <tr>
                  <th scope="col" className={heading}>
                    {t("fields.number")}
                  </th>
                  <th scope="col" className={heading}>
                    {t("fields.date")}
                  </th>
                  <th scope="col" className={heading}>
                    {t("fields.requests")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-end font-medium">
                    {t("fields.total")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-end font-medium">
                    {t("fields.paid")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-end font-medium">
                    {t("fields.balance")}
                  </th>
                  <th scope="col" className={heading}>
                    {t("fields.currency")}
                  </th>
                  <th scope="col" className={heading}>
                    {t("fields.state")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <tr key={row.id} className="border-b border-gray-100">
                    <td className="px-2 py-2">
                      <Link
                        to={`/orders/order-details/${row.id}`}
                        className="font-medium text-primary-dark underline"
                      >
                        <bdi dir="ltr">{row.number}</bdi>
                      </Link>
                    </td>
                    <td className="whitespace-nowrap px-2 py-2">{row.date}</td>
                    <td className="px-2 py-2">{row.requests}</td>
                    <td className={amount}>{row.total}</td>
                    <td className={amount}>{row.paid}</td>
                    <td className={amount}>{row.balance}</td>
                    <td className="px-2 py-2">{row.currency}</td>
                    <td className="px-2 py-2">
                      <OrderStateChip state={row.state} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pagination page={list.filters.page} pageCount={list.pageCount} />
      </Card>
    </div>
  );
}

function OrderFilters() {
  const { filters, filtersOpen, dateErrors, datePlaceholder } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const [form, fields] = useForm({
    id: "order-filters",
    defaultValue: { ...filters, size: String(filters.size) },
    lastResult: dateErrorsResult(dateErrors),
  });
  return (
    <ListFilters
      title={t("filters.heading")}
      form={form}
      open={filtersOpen}
      active={[
        filters.number && { label: t("fields.number"), value: filters.number },
        filters.from && { label: t("filters.from"), value: filters.from },
        filters.to && { label: t("filters.to"), value: filters.to },
        filters.state && { label: t("fields.state"), value: t(`states.${filters.state}`) },
      ]}
      submitLabel={t("filters.search")}
      clearTo="/orders"
      clearLabel={t("filters.clear")}
    >
      <TextField meta={fields.number} label={t("fields.number")} dir="ltr" />
      <DateField
        meta={fields.from}
        label={t("filters.from")}
        placeholder={datePlaceholder}
        picker={{}}
      />
      <DateField
        meta={fields.to}
        label={t("filters.to")}
        placeholder={datePlaceholder}
        picker={{}}
      />
      <SelectField
        meta={fields.state}
        label={t("fields.state")}
        placeholder={t("filters.anyState")}
        options={ORDER_STATES.map((state) => ({ value: state, label: t(`states.${state}`) }))}
      />
    </ListFilters>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
