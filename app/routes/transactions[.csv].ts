import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProvider } from "~/utils/session/auth.server";
import { csvResponse, toCsv } from "~/utils/money/csv.server";
import { formatDate } from "~/utils/format/dates";
import { fetchAllPages } from "~/utils/lists/all-pages.server";
import { getStatement } from "~/utils/provider/orders.server";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import { readStatementFilters } from "~/utils/money/transactions.server";

/** /transactions.csv?from&to: the statement of the range, every line, for a spreadsheet. */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const language = context.language;
  const t = context.translator("transactions");
  const { range } = readStatementFilters(new URL(request.url), language);
  const lines = await orProviderErrorPage(
    context,
    fetchAllPages((Page, PageSize) => getStatement(provider, { ...range, Page, PageSize })),
  );
  const rows = [
    [
      t("fields.date"),
      `${t("fields.date")} (ISO)`,
      t("fields.type"),
      t("fields.contract"),
      t("fields.description"),
      t("fields.amount"),
      t("fields.balance"),
      t("fields.currency"),
    ],
    ...lines.map((line) => [
      formatDate(line.Date, language),
      line.Date,
      t(`types.${line.Type}`),
      line.ContractNumber ?? "",
      line.Description,
      line.Type === "Debit" ? line.Amount : -line.Amount,
      line.Balance,
      line.Currency,
    ]),
  ];
  return csvResponse(toCsv(rows), "transactions.csv");
}
