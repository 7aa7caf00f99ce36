import { Apart } from "~/components/ui/apart";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Widget } from "~/components/widget";
import type { DashboardData } from "./dashboard-data.server";

/**
 * Requests waiting for payment whose deadline has passed or falls within the next 48 hours, the
 * overdue first, marked as such: each deadline in both calendars with the time left (or since it
 * passed), and a link to the request.
 */
export function PaymentsDueSoon({ result }: { result: DashboardData["dueSoon"] }) {
  const { t } = useTranslation("dashboard");
  return (
    <Widget id="payments-due-soon" title={t("dueSoon.heading")} result={result}>
      {(entries) =>
        entries.length === 0 ? (
          <p className="text-sm text-gray-600">{t("dueSoon.none")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100">
            {entries.map((entry) => (
              <li key={entry.id}>
                <Link
                  to={`/reservations/reservation-details/${entry.id}`}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 hover:bg-gray-50"
                >
                  <Apart>
                    <span className="font-medium">
                      {t("dueSoon.request", { number: entry.number })}{" "}
                      <bdi className="font-normal text-gray-700">{entry.hotel}</bdi>
                    </span>
                    {entry.overdue ? (
                      <span className="rounded bg-red-700 px-1.5 text-sm font-semibold text-white">
                        {t("dueSoon.overdue", { timeLeft: entry.timeLeft })}
                      </span>
                    ) : (
                      <span className="text-sm font-semibold text-red-800">
                        {t("dueSoon.timeLeft", { timeLeft: entry.timeLeft })}
                      </span>
                    )}
                    <span className="basis-full text-sm text-gray-700">
                      <Apart>
                        <span className="block">{entry.deadline.jalali}</span>
                        <span className="block">{entry.deadline.gregorian}</span>
                      </Apart>
                    </span>
                  </Apart>
                </Link>
              </li>
            ))}
          </ul>
        )
      }
    </Widget>
  );
}
