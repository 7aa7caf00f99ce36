import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequestSummaryView } from "~/components/request-summary";
import { Button, buttonClasses } from "~/components/ui/button";
import { formatBothCalendars } from "~/utils/dates";
import { providerNow } from "~/utils/provider-clock.server";
import { env } from "~/utils/env.server";
import { getTranslator, i18nServer } from "~/utils/i18n.server";
import { requireRequestId } from "~/utils/params.server";
import { pageTitleMeta } from "~/utils/meta";
import { getRequestSummary } from "~/utils/provider/reserve-requests.server";
import { orProviderErrorPage } from "~/utils/provider-errors.server";
import { requestDetailsView } from "~/utils/request-details.server";

export const handle = { i18n: ["common", "requests", "wizard"] };

/**
 * A request as a voucher to print or save as PDF: the details without the portal's menus or the
 * notes, in the user's language and direction, every fare breakdown open.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { provider, requestId } = await requireRequestId(request, params);
  const [language, t, summary] = await Promise.all([
    i18nServer.getLocale(request),
    getTranslator(request, "requests"),
    orProviderErrorPage(request, getRequestSummary(provider, requestId)),
  ]);
  const printedAt = providerNow();
  return {
    title: t("print.title", { number: summary.RequestNumber }),
    brand: env.APP_BRAND,
    printed: formatBothCalendars(printedAt, language, "longDateTime"),
    details: requestDetailsView(summary, language),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export default function RequestPrintView() {
  const { title, brand, printed, details } = useLoaderData<typeof loader>();
  const { t } = useTranslation("requests");
  const hydrated = useHydrated();
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-4 bg-white p-4 print:max-w-none print:p-0">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-gray-300 pb-3">
        <div>
          <p className="text-sm text-gray-700">{brand}</p>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="text-xs text-gray-600">
            {t("print.printed", { date: `${printed.jalali} · ${printed.gregorian}` })}
          </p>
        </div>
        <div className="flex gap-2 print:hidden">
          {hydrated ? (
            <Button onClick={() => window.print()}>{t("print.print")}</Button>
          ) : (
            <p className="max-w-xs text-sm text-gray-700">{t("print.howTo")}</p>
          )}
          <Link
            to={`/reservations/reservation-details/${details.id}`}
            className={buttonClasses("secondary")}
          >
            {t("print.back")}
          </Link>
        </div>
      </header>
      <RequestSummaryView details={details} forPrint />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
