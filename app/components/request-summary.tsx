import { useTranslation } from "react-i18next";
import { FlightCard } from "~/components/flight-card";
import { GuestsTable } from "~/components/guests-table";
import { PriceBreakdown } from "~/components/price-breakdown";
import { RequestStateChip } from "~/components/state-chips";
import { Card } from "~/components/ui/card";
import { StarRating } from "~/components/ui/star-rating";
import { localizeDigits } from "~/utils/format/numbers";
import type { RequestDetailsView } from "~/utils/requests/request-details.server";
import { InlineValues } from "~/components/ui/inline-values";

/**
 * Everything about a request but its notes (spec §2 "Request details"): summary, hotel, rooms and
 * guests, prices with their fare breakdown, flights. The details page and the print view share it.
 */
export function RequestSummaryView({
  details,
  forPrint = false,
}: {
  details: RequestDetailsView;
  forPrint?: boolean;
}) {
  const { t, i18n } = useTranslation("requests");
  const term = "text-gray-600";
  const notSpecified = t("wizard:notSpecified");
  return (
    <div className="flex flex-col gap-4 print:gap-3">
      <Card title={t("details.summary")} headingLevel={2}>
        <dl
          className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]"
          data-testid="request-summary"
        >
          <dt className={term}>{t("fields.number")}</dt>
          <dd>
            <bdi dir="ltr">{details.number}</bdi>
          </dd>
          {details.paymentDeadline ? (
            <>
              <dt className={term}>{t("fields.paymentDeadline")}</dt>
              <dd data-testid="payment-deadline" className="font-semibold text-red-900">
                <span className="block">{details.paymentDeadline.jalali}</span>
                <span className="block">{details.paymentDeadline.gregorian}</span>
                <span className="block text-xs font-normal text-gray-700">
                  {t("details.timeZone", { zone: details.paymentDeadline.timeZone })}
                </span>
              </dd>
            </>
          ) : null}
          <dt className={term}>{t("fields.requestDate")}</dt>
          <dd>{details.created}</dd>
          <dt className={term}>{t("fields.state")}</dt>
          <dd>
            <RequestStateChip state={details.state} />
          </dd>
          <dt className={term}>{t("fields.transfer")}</dt>
          <dd>{details.needTransfer ? t("wizard:yes") : t("wizard:no")}</dd>
          <dt className={term}>{t("fields.agencyRef")}</dt>
          <dd>{details.agencyRef ? <bdi>{details.agencyRef}</bdi> : notSpecified}</dd>
          {details.description ? (
            <>
              <dt className={term}>{t("fields.description")}</dt>
              <dd className="whitespace-pre-line">
                <span dir="auto">{details.description}</span>
              </dd>
            </>
          ) : null}
        </dl>
      </Card>

      <Card title={t("details.hotel")} headingLevel={2}>
        <dl
          className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]"
          data-testid="hotel-summary"
        >
          <dt className={term}>{t("fields.hotel")}</dt>
          <dd>
            <bdi>{details.hotel.name}</bdi>
          </dd>
          <dt className={term}>{t("fields.grade")}</dt>
          <dd>
            <StarRating grade={details.hotel.grade} />
          </dd>
          <dt className={term}>{t("fields.package")}</dt>
          <dd>
            <bdi>{details.hotel.packageTitle}</bdi>
          </dd>
          <dt className={term}>{t("fields.checkIn")}</dt>
          <dd>{details.hotel.checkIn ?? notSpecified}</dd>
          <dt className={term}>{t("fields.checkOut")}</dt>
          <dd>{details.hotel.checkOut ?? notSpecified}</dd>
        </dl>
      </Card>

      <Card title={t("details.rooms")} headingLevel={2}>
        <div className="flex flex-col gap-4">
          {details.rooms.map((room, index) => (
            <section key={index} data-testid={`room-${index + 1}`} className="break-inside-avoid">
              <h3 className="font-medium">
                {t("wizard:rooms.room", { number: localizeDigits(index + 1, i18n.language) })}:{" "}
                <bdi>{room.roomType}</bdi>
              </h3>
              <p className="mb-2 text-sm text-gray-700">
                <InlineValues
                  values={[
                    room.board,
                    room.view,
                    t("details.guestCount", {
                      count: Number(room.guests.length),
                      number: room.guestCount,
                    }),
                  ]}
                />
              </p>
              <GuestsTable caption={t("details.guestsOfRoom")} guests={room.guests} />
            </section>
          ))}
        </div>
      </Card>

      <Card title={t("details.prices")} headingLevel={2}>
        <PriceBreakdown rooms={details.rooms.map((room) => room.price)} expanded={forPrint} />
        <p className="mt-3 text-sm font-semibold" data-testid="request-total">
          {t("details.total", { amount: details.total })}
        </p>
      </Card>

      {details.flights ? (
        <Card title={t("details.flights")} headingLevel={2}>
          <div className="grid gap-4 md:grid-cols-2 print:grid-cols-2">
            {(["arrival", "departure"] as const).map((which) => (
              <FlightCard
                key={which}
                heading={t(`wizard:flights.${which}`)}
                flight={details.flights![which]}
              />
            ))}
          </div>
        </Card>
      ) : null}
    </div>
  );
}
