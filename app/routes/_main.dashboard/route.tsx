import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Spinner } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { requireProvider } from "~/utils/session/auth.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { AnnouncementList } from "./announcements";
import { BannerRow } from "./banners";
import { CommissionGroups } from "./commission-groups";
import { loadDashboard } from "./dashboard-data.server";
import { PackageCards } from "./package-cards";
import { PaymentsDueSoon } from "./payments-due-soon";
import { RequestOverview } from "./request-overview";
import { UnreadNotes } from "./unread-notes";
import { PrefetchRoutes } from "~/components/prefetch-routes";

export const handle = { i18n: ["common", "dashboard"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const t = context.translator("dashboard");
  const dashboard = await loadDashboard(request, provider, context);
  return { title: t("title"), ...dashboard };
}

export default function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const data = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("heading")}</h1>
        <RefreshControl loadedAt={data.loadedAt} />
      </div>
      <BannerRow result={data.pictures} />
      <AnnouncementList result={data.announcements} />
      <PaymentsDueSoon result={data.dueSoon} />
      <RequestOverview statistics={data.requestOverview} stateCounts={data.stateCounts} />
      <div className="grid gap-6 xl:grid-cols-3">
        <PackageCards
          result={data.packageCards}
          recentHotelsError={data.recentHotelsError}
          className="xl:col-span-2"
        />
        <UnreadNotes result={data.unreadNotes} />
      </div>
      <CommissionGroups result={data.commissions} />
      {/* Most bookings start here: the wizard's frame and first step, and its entry for a draft to
      decide about (decision 029). */}
      <PrefetchRoutes
        paths={["/reservations/new/hotel"]}
        routeIds={[
          "routes/_main.reservations.new",
          "routes/_main.reservations.new._index",
          "routes/_main.reservations.new.hotel",
        ]}
      />
    </div>
  );
}

/**
 * Reloads the dashboard's data (spec §2 "Refresh control with last-update time"). A GET form to this
 * page: without JS a page load, with JS a revalidation with a spinner.
 */
function RefreshControl({ loadedAt }: { loadedAt: { time: string; dateTime: string } }) {
  const { t } = useTranslation("dashboard");
  const navigation = useNavigation();
  const refreshing =
    navigation.state === "loading" &&
    navigation.formMethod === "GET" &&
    navigation.location.pathname === "/dashboard";
  return (
    <Form
      method="get"
      action="/dashboard"
      preventScrollReset
      className="flex items-center gap-3 text-sm text-gray-700"
    >
      <p>
        {t("refresh.lastUpdate")}{" "}
        <time dateTime={loadedAt.dateTime} data-testid="last-update">
          {loadedAt.time}
        </time>
      </p>
      <button
        type="submit"
        className="flex items-center gap-1 rounded border border-primary px-3 py-1 text-primary-dark hover:bg-primary-light"
        aria-busy={refreshing || undefined}
      >
        {refreshing ? <Spinner /> : <Icon name="refresh" className="h-4 w-4" />}
        {t("refresh.action")}
      </button>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
