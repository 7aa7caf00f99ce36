import { formatDate, formatTimeAgo, wallClockIn } from "~/utils/format/dates";
import { env } from "~/utils/runtime/env.server";
import type { ProviderContext } from "~/utils/provider/request.server";
import {
  getAnnouncements,
  getCommissionGroups,
  getRequestStateCounts,
  getRequestStatistics,
  getUnreadNotes,
} from "~/utils/provider/dashboard.server";
import { getPackages, getRecentlyUpdatedHotels } from "~/utils/provider/packages.server";
import { DASHBOARD_PICTURE_GROUP, getPictures } from "~/utils/provider/pictures.server";
import type { RequestContext } from "~/utils/http/http-layer.server";
import { dueSoonView, requestsDueSoonOnce } from "~/utils/money/payment-deadlines.server";
import { settle } from "~/utils/http/provider-errors.server";

/**
 * Everything the dashboard shows, fetched from the provider at once (nine calls in parallel).
 * Each widget settles on its own, so one failing call costs one widget, not the page. Dates are
 * formatted here so dayjs stays on the server.
 */
export async function loadDashboard(
  request: Request,
  provider: ProviderContext,
  context: RequestContext,
) {
  const { language } = context;
  const now = new Date();
  const [
    pictures,
    statistics,
    stateCounts,
    packages,
    recentHotels,
    unreadNotes,
    announcements,
    commissions,
    dueSoon,
  ] = await Promise.all([
    settle(context, getPictures(provider, DASHBOARD_PICTURE_GROUP)),
    settle(context, getRequestStatistics(provider)),
    settle(context, getRequestStateCounts(provider)),
    settle(context, getPackages(provider)),
    settle(context, getRecentlyUpdatedHotels(provider)),
    settle(context, getUnreadNotes(provider)),
    settle(context, getAnnouncements(provider)),
    settle(context, getCommissionGroups(provider)),
    settle(context, requestsDueSoonOnce(context, provider)),
  ]);

  const packageCards = packages.ok
    ? {
        ok: true as const,
        data: packages.data.map((pkg) => ({
          id: pkg.accommodationPackageId,
          partyId: pkg.partyId,
          title: pkg.title,
          partyName: pkg.partyName ?? null,
          availableSince: formatDate(pkg.availableSince, language, "long"),
          availableUntil: formatDate(pkg.availableUntil, language, "long"),
          updatedAgo: formatTimeAgo(pkg.lastEditDateTime, language, now, env.PROVIDER_TIME_ZONE),
          updatedAt: formatDate(pkg.lastEditDateTime, language, "dateTime"),
          // Without this list the card still offers its download.
          recentHotels: recentHotels.ok
            ? recentHotels.data
                .filter((hotel) => hotel.accommodationPackageId === pkg.accommodationPackageId)
                .map((hotel) => ({
                  id: hotel.accommodationPropertyId,
                  name: hotel.hotelName,
                  grade: hotel.hotelGrade,
                  place: hotel.hotelPlace ?? null,
                }))
            : null,
        })),
      }
    : packages;

  return {
    loadedAt: {
      time: formatDate(wallClockIn(now, env.PROVIDER_TIME_ZONE), language, "time"),
      dateTime: now.toISOString(),
    },
    pictures,
    requestOverview: statistics,
    stateCounts,
    packageCards,
    recentHotelsError: recentHotels.ok ? null : recentHotels.error,
    unreadNotes,
    dueSoon: dueSoon.ok
      ? { ok: true as const, data: dueSoon.data.map((row) => dueSoonView(row, language, now)) }
      : dueSoon,
    announcements: announcements.ok
      ? {
          ok: true as const,
          data: announcements.data.map((entry) => ({
            ...entry,
            period: `${formatDate(entry.startDate, language)} – ${formatDate(entry.endDate, language)}`,
          })),
        }
      : announcements,
    commissions: commissions.ok
      ? {
          ok: true as const,
          data: {
            title: commissions.data.title,
            groups: commissions.data.groups.map((group) => ({
              ...group,
              period: `${formatDate(group.fromDate, language, "long")} – ${formatDate(group.toDate, language, "long")}`,
            })),
          },
        }
      : commissions,
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
