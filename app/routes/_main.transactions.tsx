import { useForm } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListFilters } from "~/components/list-filters";
import { DateField } from "~/components/date-picker";
import { Pagination } from "~/components/pagination";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireProvider } from "~/utils/session/auth.server";
import { exampleDateInput } from "~/utils/format/date-input";
import { formatDate } from "~/utils/format/dates";
import { dateErrorsResult } from "~/utils/lists/list-filters";
import { filtersOpenAtFirst } from "~/utils/lists/list-filters.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { localizeDigits, moneyIn } from "~/utils/format/numbers";
import { currencySigns } from "~/utils/provider/client.server";
import { getStatement } from "~/utils/provider/orders.server";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import { readStatementFilters } from "~/utils/money/transactions.server";
import { ScrollRegion } from "~/components/ui/scroll-region";

export const handle = { i18n: ["common", "transactions"] };

/**
 * The agency's statement (/transactions): each invoice (debit) and approved payment (credit) in
 * a date range, with the running balance per currency, the opening and closing balances of the
 * range, and a CSV of the whole range.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const url = new URL(request.url);
  const language = context.language;
  const t = context.translator("transactions");
  const { filters, range, dateErrors } = readStatementFilters(url, language);
  const [statement, signs] = await Promise.all([
    orProviderErrorPage(
      context,
      getStatement(provider, { ...range, Page: filters.page, PageSize: filters.size }),
    ),
    currencySigns(provider),
  ]);
  const money = moneyIn(language, signs);
  const exportParams = new URLSearchParams(url.search);
  exportParams.delete("page");
  exportParams.delete("size");
  const balances = (list: typeof statement.OpeningBalances) =>
    list.map((entry) => ({
      currency: entry.Currency,
      balance: money(entry.Balance, entry.Currency),
    }));
  return {
    title: t("title"),
    // Formatted here: the page then needs no date library in the browser.
    datePlaceholder: exampleDateInput(language),
    filters,
    dateErrors,
    filtersOpen: filtersOpenAtFirst(request, dateErrors),
    opening: balances(statement.OpeningBalances),
    closing: balances(statement.ClosingBalances),
    total: statement.TotalCount,
    pageCount: Math.max(1, Math.ceil(statement.TotalCount / filters.size)),
    exportHref: `/transactions.csv${exportParams.size ? `?${exportParams}` : ""}`,
    rows: statement.Items.map((line) => ({
      id: line.Id,
      date: formatDate(line.Date, language),
      type: line.Type,
      orderId: line.OrderId,
      contract: line.ContractNumber,
      description: line.Description,
      amount: money(line.Amount, line.Currency),
      balance: money(line.Balance, line.Currency),
      currency: line.Currency,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export default function Transactions() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("transactions");
  const { search } = useLocation();
  const heading = "px-2 py-2 font-medium";
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{data.title}</h1>
      <RangeFilter key={search} />
      <Card>
        <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="balances">
            <dt className="text-gray-600">{t("opening")}</dt>
            <dd data-testid="opening">
              {data.opening.map((entry) => entry.balance).join(" · ") || "—"}
            </dd>
            <dt className="text-gray-600">{t("closing")}</dt>
            <dd data-testid="closing" className="font-semibold">
              {data.closing.map((entry) => entry.balance).join(" · ") || "—"}
            </dd>
          </dl>
          {data.total > 0 ? (
            <a href={data.exportHref} download className={buttonClasses("secondary")}>
              {t("export")}
            </a>
          ) : null}
        </div>
        <p role="status" className="mb-2 text-sm text-gray-700" data-testid="result-count">
          {t("count", { count: data.total, number: localizeDigits(data.total, i18n.language) })}
        </p>
        {data.rows.length ? (
          <ScrollRegion label={t("tableLabel")}>
            <table className="w-full min-w-[48rem] text-sm" data-testid="transactions-table">
              <thead className="border-b border-gray-300 text-gray-700">
                <tr>
                  <th scope="col" className={`${heading} text-start`}>
                    {t("fields.date")}
                  </th>
                  <th scope="col" className={`${heading} text-start`}>
                    {t("fields.type")}
                  </th>
                  <th scope="col" className={`${heading} text-start`}>
                    {t("fields.contract")}
                  </th>
                  <th scope="col" className={`${heading} text-start`}>
                    {t("fields.description")}
                  </th>
                  <th scope="col" className={`${heading} text-end`}>
                    {t("fields.amount")}
                  </th>
                  <th scope="col" className={`${heading} text-end`}>
                    {t("fields.balance")}
                  </th>
                  <th scope="col" className={`${heading} text-start`}>
                    {t("fields.currency")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.id} className="border-b border-gray-100">
                    <td className="whitespace-nowrap px-2 py-2">{row.date}</td>
                    <td className="px-2 py-2">{t(`types.${row.type}`)}</td>
                    <td className="px-2 py-2">
                      {row.orderId ? (
                        <Link
                          to={`/orders/order-details/${row.orderId}`}
                          className="text-primary-dark underline"
                        >
                          <bdi dir="ltr">{row.contract}</bdi>
                        </Link>
                      ) : null}
                    </td>
                    <td className="px-2 py-2">
                      <bdi>{row.description}</bdi>
                    </td>
                    <td className="whitespace-nowrap px-2 py-2 text-end">{row.amount}</td>
                    <td className="whitespace-nowrap px-2 py-2 text-end">{row.balance}</td>
                    <td className="px-2 py-2">{row.currency}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : (
          <p className="text-sm text-gray-600">{t("none")}</p>
        )}
        <Pagination page={data.filters.page} pageCount={data.pageCount} />
      </Card>
    </div>
  );
}

function RangeFilter() {
  const { filters, filtersOpen, dateErrors, datePlaceholder } = useLoaderData<typeof loader>();
  const { t } = useTranslation("transactions");
  const [form, fields] = useForm({
    id: "statement-range",
    defaultValue: { from: filters.from, to: filters.to },
    lastResult: dateErrorsResult(dateErrors),
  });
  return (
    <ListFilters
      title={t("range")}
      form={form}
      open={filtersOpen}
      active={[
        filters.from && { label: t("from"), value: filters.from },
        filters.to && { label: t("to"), value: filters.to },
      ]}
      submitLabel={t("show")}
      clearTo="/transactions"
      clearLabel={t("all")}
    >
      <DateField meta={fields.from} label={t("from")} placeholder={datePlaceholder} picker={{}} />
      <DateField meta={fields.to} label={t("to")} placeholder={datePlaceholder} picker={{}} />
    </ListFilters>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
