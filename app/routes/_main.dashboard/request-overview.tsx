import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Apart } from "~/components/ui/apart";
import { Widget } from "~/components/widget";
import { localizeDigits } from "~/utils/format/numbers";
import { inRequestStateOrder, requestStateLabel } from "~/utils/requests/request-states";
import type { RequestStateCount } from "~/utils/provider/dashboard.server";
import type { DashboardData } from "./dashboard-data.server";

/** Spec §2 "Dashboard": the four counters, each opening the requests list filtered by its state. */
const COUNTERS = [
  { key: "invoicedNumber", state: "New", label: "counters.invoiced", tone: "border-sky-400" },
  {
    key: "waitForPaymentNumber",
    state: "PaymentPending",
    label: "counters.paymentPending",
    tone: "border-amber-400",
  },
  {
    key: "confirmedNumber",
    state: "Confirmed",
    label: "counters.confirmed",
    tone: "border-green-500",
  },
  { key: "rejectedNumber", state: "Rejected", label: "counters.rejected", tone: "border-red-500" },
] as const;

export function RequestOverview({
  statistics,
  stateCounts,
}: {
  statistics: DashboardData["requestOverview"];
  stateCounts: DashboardData["stateCounts"];
}) {
  const { t, i18n } = useTranslation("dashboard");
  return (
    <Widget id="request-overview" title={t("counters.heading")} result={statistics}>
      {(data) => (
        <div className="flex flex-col gap-6">
          <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {COUNTERS.map((counter) => (
              <li key={counter.key}>
                <Link
                  to={`/reservations/list?state=${counter.state}`}
                  data-testid={`counter-${counter.state}`}
                  className={`block rounded border border-s-4 border-gray-200 p-4 hover:bg-gray-50 ${counter.tone}`}
                >
                  <span className="block text-3xl font-bold">
                    {localizeDigits(data[counter.key], i18n.language)}
                  </span>{" "}
                  <span className="block text-sm text-gray-700">{t(counter.label)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {stateCounts.ok ? (
            <StateChart counts={stateCounts.data} />
          ) : (
            <p role="alert" className="text-sm text-red-800">
              {t("chart.failed")} {stateCounts.error}
            </p>
          )}
        </div>
      )}
    </Widget>
  );
}

const BAR_HEIGHT = 18;
const ROW_GAP = 8;
const LABEL_WIDTH = 170;
const CHART_WIDTH = 560;
const COUNT_WIDTH = 40;

/** Requests by every state as a server-drawn SVG bar chart; its text alternative lists the numbers. */
function StateChart({ counts: providerCounts }: { counts: RequestStateCount[] }) {
  const { t, i18n } = useTranslation();
  const counts = inRequestStateOrder(providerCounts);
  const rtl = i18n.dir() === "rtl";
  const max = Math.max(1, ...counts.map((entry) => entry.Count));
  const barSpace = CHART_WIDTH - LABEL_WIDTH - COUNT_WIDTH;
  const height = counts.length * (BAR_HEIGHT + ROW_GAP);
  // SVG coordinates do not follow the page direction, so the chart is mirrored by hand for RTL.
  const x = (start: number, width = 0) => (rtl ? CHART_WIDTH - start - width : start);
  const summary = counts
    .map(
      (entry) =>
        `${requestStateLabel(entry.State, t)}: ${localizeDigits(entry.Count, i18n.language)}`,
    )
    .join(t("listSeparator"));
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-medium text-gray-700">
        {t("dashboard:chart.caption")}
      </figcaption>
      <svg
        role="img"
        aria-label={`${t("dashboard:chart.caption")}: ${summary}`}
        data-testid="state-chart"
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        // Anchors below are physical (left/right of the box) in both directions.
        style={{ direction: "ltr" }}
        className="h-auto w-full max-w-2xl"
      >
        {counts.map((entry, index) => {
          const y = index * (BAR_HEIGHT + ROW_GAP);
          const width = Math.round((entry.Count / max) * barSpace);
          return (
            <g key={entry.State}>
              {/* Spaces between the texts, which SVG does not draw: a text browser reads them. */}
              <Apart>
                <text
                  x={x(LABEL_WIDTH - 8)}
                  y={y + BAR_HEIGHT - 4}
                  textAnchor={rtl ? "start" : "end"}
                  fontSize="13"
                  fill="#374151"
                >
                  {requestStateLabel(entry.State, t)}
                </text>
                <rect
                  x={x(LABEL_WIDTH, width)}
                  y={y}
                  width={width}
                  height={BAR_HEIGHT}
                  rx="3"
                  fill="#1976D2"
                />
                <text
                  x={x(LABEL_WIDTH + width + 6)}
                  y={y + BAR_HEIGHT - 4}
                  textAnchor={rtl ? "end" : "start"}
                  fontSize="13"
                  fill="#111827"
                >
                  {localizeDigits(entry.Count, i18n.language)}
                </text>
              </Apart>{" "}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
