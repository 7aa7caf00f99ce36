import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AgencyBrand } from "~/components/agency-brand";
import { agencyBrandingFor } from "~/utils/agency/agency.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequestSummaryView } from "~/components/request-summary";
import { PrintablePageHeader } from "~/components/printable-page-header";
import { formatBothCalendars } from "~/utils/format/dates";
import { providerNow } from "~/utils/format/provider-clock.server";
import { env } from "~/utils/runtime/env.server";
import { requireRequestId } from "~/utils/http/params.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { getRequestSummary } from "~/utils/provider/reserve-requests.server";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import { requestDetailsView } from "~/utils/requests/request-details.server";

export const handle = { i18n: ["common", "requests", "wizard"] };

/**
 * A request as a voucher to print or save as PDF: the details without the portal's menus or the
 * notes, in the user's language and direction, every fare breakdown open.
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { provider, requestId } = await requireRequestId(request, context, params);
  const language = context.language;
  const t = context.translator("requests");
  const [summary, branding] = await Promise.all([
    orProviderErrorPage(context, getRequestSummary(provider, requestId)),
    agencyBrandingFor(context, provider),
  ]);
  const printedAt = providerNow();
  return {
    title: t("print.title", { number: summary.RequestNumber }),
    brand: env.APP_BRAND,
    branding,
    printed: formatBothCalendars(printedAt, language, "longDateTime"),
    details: requestDetailsView(summary, language),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export default function RequestPrintView() {
  const { title, brand, branding, printed, details } = useLoaderData<typeof loader>();
  const { t } = useTranslation("requests");
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-4 bg-white p-4 print:max-w-none print:p-0">
      <PrintablePageHeader
        brand={brand}
        title={title}
        note={t("print.printed", { date: `${printed.jalali} · ${printed.gregorian}` })}
        labels={{ print: t("print.print"), howTo: t("print.howTo"), back: t("print.back") }}
        backTo={`/reservations/reservation-details/${details.id}`}
      />
      <AgencyBrand branding={branding} agencyName={null} />
      <RequestSummaryView details={details} forPrint />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
