import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AgencyBrand } from "~/components/agency-brand";
import { agencyBrandingFor } from "~/utils/agency/agency.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PrintablePageHeader } from "~/components/printable-page-header";
import { InlineValues } from "~/components/ui/inline-values";
import { StayRows, TravellerRooms } from "~/components/traveller-stay";
import { env } from "~/utils/runtime/env.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { requireRequestId } from "~/utils/http/params.server";
import { getProfileSummary } from "~/utils/provider/client.server";
import { getHotelRoomTypes } from "~/utils/provider/hotels.server";
import { getRequestSummary } from "~/utils/provider/reserve-requests.server";
import { orProviderErrorPage, settle } from "~/utils/http/provider-errors.server";
import { hasVoucher, requestStateLabel } from "~/utils/requests/request-states";
import { voucherView, type VoucherColumn } from "~/utils/requests/voucher.server";

export const handle = { i18n: ["common", "requests"] };

/**
 * The traveller's voucher of a confirmed request, to print or save as PDF and hand over: English
 * and Persian side by side, dates in both calendars, and no price, commission or payment (the
 * traveller must never see the agency's net price). Any other state is refused, however the URL
 * was reached.
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { provider, requestId } = await requireRequestId(request, context, params);
  const t = context.translator("requests");
  const tCommon = context.translator();
  const [summary, profile, branding] = await Promise.all([
    orProviderErrorPage(context, getRequestSummary(provider, requestId)),
    // The agency's name only heads the voucher: without it the voucher is still whole.
    settle(context, getProfileSummary(provider)),
    agencyBrandingFor(context, provider),
  ]);
  if (!hasVoucher(summary.State))
    throw data(
      {
        title: t("voucher.onlyConfirmedTitle"),
        message: t("voucher.onlyConfirmed", {
          number: summary.RequestNumber,
          state: requestStateLabel(summary.State, tCommon),
        }),
      },
      { status: 409 },
    );
  // The request does not say where its hotel is; the hotel's record does, once the request names
  // it. Without it the voucher leaves the place out.
  const hotel = await settle(context, getHotelRoomTypes(provider, summary.AccommodationPropertyId));
  return {
    title: t("voucher.title", { number: summary.RequestNumber }),
    brand: env.APP_BRAND,
    branding,
    agencyName: profile.ok ? profile.data.AgencyName : null,
    id: summary.Id,
    columns: await voucherView({
      summary,
      agencyName: profile.ok ? profile.data.AgencyName : null,
      place: hotel.ok ? hotel.data.hotelPlace : null,
    }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export default function RequestVoucher() {
  const { title, brand, branding, agencyName, id, columns } = useLoaderData<typeof loader>();
  const { t } = useTranslation("requests");
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-4 bg-white p-4 print:max-w-none print:p-0">
      <PrintablePageHeader
        brand={brand}
        title={title}
        labels={{ print: t("voucher.print"), howTo: t("voucher.howTo"), back: t("voucher.back") }}
        backTo={`/reservations/reservation-details/${id}`}
      />
      <AgencyBrand branding={branding} agencyName={agencyName} />
      <div
        className="grid gap-6 md:grid-cols-2 print:grid-cols-2 print:gap-4"
        data-testid="voucher"
      >
        {columns.map((column) => (
          <VoucherInOneLanguage key={column.language} column={column} />
        ))}
      </div>
    </main>
  );
}

/** The whole voucher in one language, in that language's direction. */
function VoucherInOneLanguage({ column }: { column: VoucherColumn }) {
  const { label } = column;
  const term = "text-gray-600";
  const headingId = `voucher-${column.language}`;
  return (
    <section
      lang={column.language}
      dir={column.dir}
      aria-labelledby={headingId}
      data-testid={`voucher-${column.language}`}
      className="flex flex-col gap-3 rounded border border-gray-300 p-4 text-sm print:p-3"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {label.heading}
        </h2>
        <p className="text-gray-700">{label.intro}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className={term}>{label.number}</dt>
        <dd>
          <bdi dir="ltr">{column.number}</bdi>
        </dd>
        {column.agencyName ? (
          <>
            <dt className={term}>{label.agency}</dt>
            <dd>
              <bdi>{column.agencyName}</bdi>
            </dd>
          </>
        ) : null}
        <dt className={term}>{label.agencyRef}</dt>
        <dd>{column.agencyRef ? <bdi>{column.agencyRef}</bdi> : column.stayLabel.notSpecified}</dd>
        <StayRows stay={column} />
      </dl>
      <TravellerRooms stay={column} />
      {column.flights ? (
        <div className="border-t border-gray-200 pt-2">
          <h3 className="font-semibold">{label.transfer}</h3>
          {column.flights.map((flight) => (
            <div key={flight.heading} className="mt-1">
              <h4 className="font-medium">{flight.heading}</h4>
              <p>
                <bdi>{flight.flight}</bdi>
              </p>
              <p>
                <bdi>{flight.route}</bdi>
              </p>
              <p>
                <InlineValues values={flight.times} />
              </p>
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <GeneralErrorBoundary />
    </main>
  );
}
