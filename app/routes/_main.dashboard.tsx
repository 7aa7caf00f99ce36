import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireProvider } from "~/utils/auth.server";
import { localizeDigits } from "~/utils/numbers";
import { getTranslator } from "~/utils/i18n.server";
import { pageTitleMeta } from "~/utils/meta";
import { getRequestStatistics, type RequestStatistics } from "~/utils/provider/dashboard.server";
import { orProviderErrorPage } from "~/utils/provider-errors.server";

export const handle = { i18n: ["common", "dashboard"] };

/** Spec §2 "Dashboard": the four request overview counters, each opening the list filtered by its state. */
const COUNTERS: Array<{ key: keyof RequestStatistics; state: string; label: string; tone: string }> = [
  { key: "invoicedNumber", state: "New", label: "counters.invoiced", tone: "border-sky-400" },
  { key: "waitForPaymentNumber", state: "PaymentPending", label: "counters.paymentPending", tone: "border-amber-400" },
  { key: "confirmedNumber", state: "Confirmed", label: "counters.confirmed", tone: "border-green-500" },
  { key: "rejectedNumber", state: "Rejected", label: "counters.rejected", tone: "border-red-500" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const provider = await requireProvider(request);
  const [t, statistics] = await Promise.all([
    getTranslator(request, "dashboard"),
    orProviderErrorPage(request, getRequestStatistics(provider)),
  ]);
  return { title: t("title"), statistics };
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation("dashboard");
  const { statistics } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t("heading")}</h1>
      <section aria-labelledby="request-overview">
        <h2 id="request-overview" className="mb-3 text-lg font-semibold">
          {t("counters.heading")}
        </h2>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {COUNTERS.map((counter) => (
            <li key={counter.key}>
              <Link
                to={`/reservations/list?state=${counter.state}`}
                data-testid={`counter-${counter.state}`}
                className={`block rounded border-s-4 bg-white p-4 shadow-sm hover:bg-gray-50 ${counter.tone}`}
              >
                <span className="block text-3xl font-bold">{localizeDigits(statistics[counter.key], i18n.language)}</span>
                <span className="block text-sm text-gray-700">{t(counter.label)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitleMeta(data?.title, matches);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
