import { useTranslation } from "react-i18next";
import { StarRating } from "~/components/ui/star-rating";
import { Widget } from "~/components/widget";
import { localizeDigits } from "~/utils/format/numbers";
import type { DashboardData } from "./dashboard-data.server";

/** Spec §2: promoted-hotel commission groups, a table per period. */
export function CommissionGroups({ result }: { result: DashboardData["commissions"] }) {
  const { t, i18n } = useTranslation("dashboard");
  const percent = (value: number) => localizeDigits(`${value}%`, i18n.language);
  return (
    <Widget
      id="commissions"
      title={result.ok ? result.data.title : t("commissions.heading")}
      result={result}
    >
      {(data) =>
        data.groups.length === 0 ? (
          <p className="text-sm text-gray-600">{t("commissions.none")}</p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            {data.groups.map((group) => (
              <div key={group.period} className="overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="mb-2 text-start font-medium text-gray-700">
                    {group.period}
                  </caption>
                  <thead>
                    <tr className="border-b border-gray-200 text-start text-gray-600">
                      <th scope="col" className="py-1 text-start font-medium">
                        {t("commissions.hotel")}
                      </th>
                      <th scope="col" className="py-1 text-start font-medium">
                        {t("commissions.grade")}
                      </th>
                      <th scope="col" className="py-1 text-end font-medium">
                        {t("commissions.commission")}
                      </th>
                      <th scope="col" className="py-1 text-end font-medium">
                        {t("commissions.extraCommission")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {group.hotels.map((hotel) => (
                      <tr key={hotel.hotelName} className="border-b border-gray-100">
                        <th scope="row" className="py-1 text-start font-normal">
                          <bdi>{hotel.hotelName}</bdi>
                        </th>
                        <td className="py-1">
                          <StarRating grade={hotel.hotelGrade} />
                        </td>
                        <td className="py-1 text-end">{percent(hotel.commission)}</td>
                        <td className="py-1 text-end">
                          {hotel.extraCommission ? percent(hotel.extraCommission) : "—"}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
          </div>
        )
      }
    </Widget>
  );
}
