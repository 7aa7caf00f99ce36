import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProvider } from "~/utils/auth.server";
import { csvResponse, toCsv } from "~/utils/csv.server";
import { formatDate } from "~/utils/dates";
import { getTranslator, i18nServer } from "~/utils/i18n.server";
import { PAGE_SIZES } from "~/utils/paging";
import { getStatement } from "~/utils/provider/orders.server";
import { orProviderErrorPage } from "~/utils/provider-errors.server";
import { readStatementFilters } from "~/utils/transactions.server";

/** /transactions.csv?from&to: the statement of the range, every line, for a spreadsheet. */

const PAGE_SIZE = PAGE_SIZES[PAGE_SIZES.length - 1];
const MAX_PAGES = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  const provider = await requireProvider(request);
  const [language, t] = await Promise.all([
    i18nServer.getLocale(request),
    getTranslator(request, "transactions"),
  ]);
  const { range } = readStatementFilters(new URL(request.url), language);
  const page = (Page: number) => getStatement(provider, { ...range, Page, PageSize: PAGE_SIZE });
  const lines = await orProviderErrorPage(
    request,
    (async () => {
      const first = await page(1);
      const pageCount = Math.min(MAX_PAGES, Math.ceil(first.TotalCount / PAGE_SIZE));
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => page(index + 2)),
      );
      return [first, ...rest].flatMap((answer) => answer.Items);
    })(),
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
