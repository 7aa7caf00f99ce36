import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Widget } from "~/components/widget";
import { localizeDigits } from "~/utils/format/numbers";
import type { DashboardData } from "./dashboard-data.server";

/** Spec §2: requests with unread provider messages, each opening its details; a placeholder when none. */
export function UnreadNotes({ result }: { result: DashboardData["unreadNotes"] }) {
  const { t, i18n } = useTranslation("dashboard");
  return (
    <Widget id="unread-notes" title={t("unread.heading")} result={result}>
      {(entries) =>
        entries.length === 0 ? (
          <p className="text-sm text-gray-600">{t("unread.none")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100">
            {entries.map((entry) => (
              <li key={entry.id}>
                <Link
                  to={`/reservations/reservation-details/${entry.id}`}
                  className="flex items-center justify-between gap-3 py-2 hover:bg-gray-50"
                >
                  <span>{t("unread.request", { number: entry.reserveNumber })}</span>{" "}
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-white">
                    {localizeDigits(
                      t("unread.count", { count: entry.unReadNoteNumber }),
                      i18n.language,
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )
      }
    </Widget>
  );
}
