import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  Outlet,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SideMenu } from "~/components/layout/side-menu";
import { LogoutForm, TopBar } from "~/components/layout/top-bar";
import type { loader as rootLoader } from "~/root";
import { requireProvider } from "~/utils/session/auth.server";
import { formatBothCalendars, formatDate, wallClockIn } from "~/utils/format/dates";
import { localizeDigits } from "~/utils/format/numbers";
import { env } from "~/utils/runtime/env.server";
import { isSidebarMini } from "~/utils/session/preferences.server";
import { getProfileSummary } from "~/utils/provider/client.server";
import { paymentsDueCount } from "~/utils/money/payment-deadlines.server";
import { settle } from "~/utils/http/provider-errors.server";
import { countUnreadNotes, requestBeingRead } from "~/utils/requests/unread-notes.server";
import { newRequestPath } from "~/utils/wizard/reservation-wizard.server";
import { broughtTo } from "~/utils/wizard/continue";

/** The main layout of every signed-in page: side menu, top bar, and the page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  // The profile and the counts of unread notes and payments due only decorate the menu, and run beside the page's own
  // calls (Remix starts every matched loader together): without them the page itself still loads.
  const language = context.language;
  const [profile, unreadNotes, dueSoon, sidebarMini, newRequest] = await Promise.all([
    settle(context, getProfileSummary(provider)),
    settle(context, countUnreadNotes(provider, requestBeingRead(request))),
    settle(context, paymentsDueCount(request, context, provider)),
    isSidebarMini(request),
    newRequestPath(context),
  ]);
  const now = new Date();
  return {
    profile,
    unreadNotes: unreadNotes.ok ? unreadNotes.data : null,
    paymentsDueSoon: dueSoon.ok ? dueSoon.data : null,
    sidebarMini,
    newRequest,
    // The provider's today (its time zone), whatever the browser's or the server's clock says.
    today: formatBothCalendars(wallClockIn(now, env.PROVIDER_TIME_ZONE), language),
    year: env.APP_COPYRIGHT_YEAR
      ? localizeDigits(env.APP_COPYRIGHT_YEAR, language)
      : formatDate(wallClockIn(now, env.PROVIDER_TIME_ZONE), language, "year"),
  };
}

// The unread-notes count must be current on every page the user opens, so the layout's data comes
// again with each new page (in the same single-fetch request, its calls beside the page's); a
// change of the query alone (a list's filter, its next page) reuses it. A wizard step's Continue
// and a request sent move on without asking the server again (decision 044): the menu is as of the
// page before.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}) => {
  if (broughtTo(nextUrl)) return false;
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  if (currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
};

export default function MainLayout() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t } = useTranslation();
  const profile = data.profile.ok ? data.profile.data : null;
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white p-2 focus:not-sr-only focus:absolute focus:start-2 focus:top-2"
      >
        {t("layout.skipToContent")}
      </a>
      <SideMenu
        mini={data.sidebarMini}
        userName={profile?.UserName ?? null}
        agencyName={profile?.AgencyName ?? null}
        shouldVerifyEmail={profile?.ShouldVerifyEmail ?? false}
        unreadNotes={data.unreadNotes}
        paymentsDueSoon={data.paymentsDueSoon}
        version={root?.app.version ?? ""}
        year={data.year}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar today={data.today} />
        {data.profile.ok ? null : (
          <p
            role="status"
            data-testid="profile-unavailable"
            className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
          >
            {t("layout.profileUnavailable")}
          </p>
        )}
        <main id="main" className="flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  // The layout's own data failed (e.g. the provider is down): the error on a bare page, and a way out.
  return (
    <main className="mx-auto flex max-w-xl flex-col items-start gap-4 p-8">
      <GeneralErrorBoundary />
      <LogoutForm />
    </main>
  );
}
