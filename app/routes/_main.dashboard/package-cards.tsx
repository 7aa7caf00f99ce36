import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { StarRating } from "~/components/ui/star-rating";
import { Widget } from "~/components/widget";
import type { DashboardData } from "./dashboard-data.server";
import { InlineValues } from "~/components/ui/inline-values";

/** Spec §2 "Package overview cards", each with its price-list download. */
export function PackageCards({
  result,
  recentHotelsError,
  className,
}: {
  result: DashboardData["packageCards"];
  recentHotelsError: string | null;
  className?: string;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <Widget id="packages" title={t("packages.heading")} result={result} className={className}>
      {(cards) =>
        cards.length === 0 ? (
          <p className="text-sm text-gray-600">{t("packages.none")}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {cards.map((card) => (
              <li
                key={card.id}
                data-testid="package-card"
                className="flex flex-col gap-3 rounded border border-gray-200 p-4"
              >
                <div>
                  <h3 className="font-semibold">
                    <bdi>{card.title}</bdi>
                  </h3>
                  {card.partyName ? (
                    <p className="text-sm text-gray-600">
                      <bdi>{card.partyName}</bdi>
                    </p>
                  ) : null}
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-gray-600">{t("packages.available")}</dt>
                  <dd>
                    {card.availableSince} – {card.availableUntil}
                  </dd>
                  <dt className="text-gray-600">{t("packages.updated")}</dt>
                  <dd title={card.updatedAt}>{card.updatedAgo}</dd>
                </dl>
                <div>
                  <h4 className="mb-1 text-sm font-medium text-gray-700">
                    {t("packages.recentHotels")}
                  </h4>
                  {card.recentHotels === null ? (
                    <p className="text-sm text-red-800">{recentHotelsError}</p>
                  ) : card.recentHotels.length === 0 ? (
                    <p className="text-sm text-gray-600">{t("packages.noRecentHotels")}</p>
                  ) : (
                    <ul className="flex flex-col gap-1 text-sm">
                      {card.recentHotels.map((hotel) => (
                        <li
                          key={hotel.id}
                          className="flex flex-wrap items-center justify-between gap-2"
                        >
                          <span>
                            <InlineValues
                              values={[
                                hotel.name,
                                hotel.place ? (
                                  <span key="place" className="text-gray-500">
                                    {hotel.place}
                                  </span>
                                ) : null,
                              ]}
                            />
                          </span>{" "}
                          <StarRating grade={hotel.grade} />
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                {/* A native form: the answer is a file, which the browser saves; Remix must not fetch it. */}
                <form
                  method="post"
                  action={`/dashboard/packages/${card.id}/price-list`}
                  className="mt-auto"
                >
                  <AuthenticityTokenInput name="csrf" />
                  <input type="hidden" name="partyId" value={card.partyId} />
                  <button type="submit" className={buttonClasses("secondary")}>
                    <Icon name="download" className="h-4 w-4" />
                    {t("packages.download")}
                    <span className="sr-only">
                      : <bdi>{card.title}</bdi>
                    </span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )
      }
    </Widget>
  );
}
