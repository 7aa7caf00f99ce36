import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { PaymentsTable } from "~/components/payments-table";
import { Card } from "~/components/ui/card";
import { requireProvider } from "~/utils/session/auth.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { cx } from "~/utils/ui/misc";
import { localizeDigits } from "~/utils/format/numbers";
import { PAGE_SIZES } from "~/utils/lists/paging";
import { moneyIn } from "~/utils/format/numbers";
import { paymentRows } from "~/utils/money/payment-rows.server";
import { currencySigns } from "~/utils/provider/client.server";
import { getPayments } from "~/utils/provider/payments.server";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import { Apart } from "~/components/ui/apart";

export const handle = { i18n: ["common", "payments"] };

/**
 * Payments (spec §2): two tabs, payment by receipt and payment by cash, each paged on the server
 * 10 to a page. Tab and page live in the URL (`?tab=cash&page=2`).
 */

const TABS = ["receipt", "cash"] as const;
const paramsSchema = z.object({
  tab: z.enum(TABS).catch("receipt"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const { tab, page } = paramsSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const language = context.language;
  const t = context.translator("payments");
  const [payments, signs] = await Promise.all([
    orProviderErrorPage(
      context,
      getPayments(provider, {
        PaymentType: tab === "cash" ? "Cash" : "Receipt",
        Page: page,
        PageSize: PAGE_SIZES[0],
      }),
    ),
    currencySigns(provider),
  ]);
  return {
    title: t("title"),
    tab,
    page,
    total: payments.TotalCount,
    pageCount: Math.max(1, Math.ceil(payments.TotalCount / PAGE_SIZES[0])),
    rows: paymentRows(payments.Items, language, moneyIn(language, signs)),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export default function Payments() {
  const { title, tab, page, total, pageCount, rows } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("payments");
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <nav aria-label={t("tabs.label")} className="flex gap-1 border-b border-gray-300">
        <Apart>
          {TABS.map((name) => (
            <Link
              key={name}
              to={`?tab=${name}`}
              aria-current={name === tab ? "page" : undefined}
              className={cx(
                "-mb-px rounded-t border px-4 py-2 text-sm font-medium",
                name === tab
                  ? "border-gray-300 border-b-white bg-white text-primary-dark"
                  : "border-transparent text-gray-700 hover:bg-gray-100",
              )}
            >
              {t(`tabs.${name}`)}
            </Link>
          ))}
        </Apart>
      </nav>
      <Card>
        <p role="status" className="mb-3 text-sm text-gray-700" data-testid="result-count">
          {t("count", { count: total, number: localizeDigits(total, i18n.language) })}
        </p>
        {rows.length ? (
          <PaymentsTable
            rows={rows}
            kind={tab === "cash" ? "Cash" : "Receipt"}
            testId={`${tab}-payments`}
          />
        ) : (
          <p className="text-sm text-gray-600">{t("none")}</p>
        )}
        <Pagination page={page} pageCount={pageCount} />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
