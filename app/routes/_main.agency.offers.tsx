import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StoreUnavailable } from "~/components/store-unavailable";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireAgencyId } from "~/utils/agency/agency.server";
import { listSharedOffers, withdrawSharedOffer } from "~/utils/agency/shared-offers.server";
import { StoreUnavailableError, unlessStoreUnavailable } from "~/utils/db/db.server";
import { formatDate } from "~/utils/format/dates";
import { formatMoney, localizeDigits } from "~/utils/format/numbers";
import { readForm } from "~/utils/forms/form-data.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { requireProvider } from "~/utils/session/auth.server";
import { redirectWithToast } from "~/utils/session/toast.server";

export const handle = { i18n: ["common", "agency"] };

/**
 * The offers the agency shared as links, newest first: who shared each, for whom, the stay and
 * price, when it ends, whether the customer opened it and how often; and "Withdraw". The agency's
 * own only: its id comes from the provider, never from the page.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const agencyId = await requireAgencyId(context, provider);
  const { language } = context;
  const t = context.translator("agency");
  const rows = await unlessStoreUnavailable(listSharedOffers(agencyId), null);
  const day = (date: Date) => formatDate(date.toISOString(), language, "dateTime");
  return {
    title: t("offers.title"),
    offers:
      rows?.map((row) => ({
        id: row.id,
        hotel: row.offer.hotel.name,
        stay: `${formatDate(row.offer.checkIn, language)} – ${formatDate(row.offer.checkOut, language)}`,
        price: formatMoney(
          row.offer.price.amount,
          row.offer.price.currency,
          language,
          row.offer.price.sign,
        ),
        preparedFor: row.prepared_for,
        createdBy: row.created_by,
        createdAt: day(row.created_at),
        state: row.withdrawn_at
          ? t("offers.withdrawnOn", { date: day(row.withdrawn_at) })
          : row.open
            ? t("offers.endsOn", { date: day(row.expires_at) })
            : t("offers.endedOn", { date: day(row.expires_at) }),
        open: row.open,
        opened: row.opened_count
          ? t("offers.opened", {
              count: row.opened_count,
              number: localizeDigits(row.opened_count, language),
              date: day(row.last_opened_at!),
            })
          : t("offers.notOpened"),
      })) ?? null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export async function action({ request, context }: ActionFunctionArgs) {
  const provider = await requireProvider(request, context);
  const [agencyId, formData] = await Promise.all([
    requireAgencyId(context, provider),
    readForm(request, context),
  ]);
  const t = context.translator("agency");
  const id = String(formData.get("offerId") ?? "");
  let withdrawn: boolean;
  try {
    withdrawn = await withdrawSharedOffer(id, agencyId);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    return data({ message: t("storeUnavailable") }, { status: 503 });
  }
  // Another agency's offer, or none: the same answer, so nothing says which ids exist.
  if (!withdrawn) return data({ message: t("offers.notFound") }, { status: 404 });
  throw await redirectWithToast("/agency/offers", {
    type: "success",
    message: t("offers.withdrawn"),
  });
}

export default function AgencyOffers() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation("agency");
  return (
    <Card title={page.title} headingLevel={1}>
      {refused ? (
        <p role="alert" className="mb-4 rounded border-s-4 border-red-700 bg-red-50 p-3 text-sm">
          {refused.message}
        </p>
      ) : null}
      <p className="mb-4 text-sm text-gray-700">
        {t("offers.intro")}{" "}
        <Link to="/agency/branding" className="underline">
          {t("branding.title")}
        </Link>
      </p>
      {page.offers === null ? (
        <StoreUnavailable />
      ) : page.offers.length === 0 ? (
        <p>{t("offers.none")}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="shared-offers">
          {page.offers.map((offer) => (
            <li key={offer.id} className="rounded border border-gray-200 p-3">
              <OfferRow offer={offer} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

type OfferRowData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["offers"]>[number];

function OfferRow({ offer }: { offer: OfferRowData }) {
  const { t } = useTranslation("agency");
  return (
    <article aria-labelledby={`offer-${offer.id}`} className="flex flex-wrap gap-3">
      <div className="min-w-0 flex-1 text-sm">
        <h2 id={`offer-${offer.id}`} className="font-semibold">
          <bdi>{offer.hotel}</bdi>
        </h2>
        <p>
          {offer.stay} · {offer.price}
        </p>
        <p className="text-gray-700">
          {offer.preparedFor ? (
            <>
              {t("offers.for")} <bdi>{offer.preparedFor}</bdi> ·{" "}
            </>
          ) : null}
          {t("offers.sharedBy", { user: offer.createdBy, date: offer.createdAt })}
        </p>
        <p className="text-gray-700">
          {offer.state} · {offer.opened}
        </p>
      </div>{" "}
      {offer.open ? (
        <Form method="post">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="offerId" value={offer.id} />
          <Button type="submit" variant="secondary" aria-describedby={`offer-${offer.id}`}>
            {t("offers.withdraw")}
          </Button>
        </Form>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
