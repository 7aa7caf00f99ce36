import { z } from "zod";
import { providerRequest, type ProviderContext } from "./request.server";

const count = z.number().int().min(0);

/** GET /api/DashboardClient answers several models; the Accept header's domain model picks one. */
function dashboardModel<Schema extends z.ZodTypeAny>(
  ctx: ProviderContext,
  responseModel: string,
  schema: Schema,
) {
  return providerRequest(
    ctx,
    // The model is one of this module's few: a bounded label.
    { operation: `dashboard.${responseModel}`, path: "/api/DashboardClient", responseModel },
    schema,
  );
}

/** Spec §3 "Dashboard statistics": `xNumber` are request counts, the bare names are shares of the total in percent. */
const requestStatisticsSchema = z.object({
  invoiced: z.number(),
  confirmed: z.number(),
  rejected: z.number(),
  waitForPayment: z.number(),
  canceled: z.number(),
  total: count,
  invoicedNumber: count,
  waitForPaymentNumber: count,
  confirmedNumber: count,
  rejectedNumber: count,
});

/** GET /api/DashboardClient as DashboardRequestStatistics. */
export function getRequestStatistics(ctx: ProviderContext) {
  return dashboardModel(ctx, "DashboardRequestStatistics", requestStatisticsSchema);
}

const requestStateCountSchema = z.object({ State: z.string(), Count: count });
export type RequestStateCount = z.infer<typeof requestStateCountSchema>;

/** GET /api/DashboardClient as RequestStateCounts: the agency's requests counted by every state. */
export function getRequestStateCounts(ctx: ProviderContext) {
  return dashboardModel(ctx, "RequestStateCounts", z.array(requestStateCountSchema));
}

const unreadNotesSchema = z.object({
  id: z.number(),
  reserveNumber: z.string(),
  unReadNoteNumber: count,
});

/** GET /api/DashboardClient as DashboardUnreadNotes: requests with provider notes the agency has not read. */
export function getUnreadNotes(ctx: ProviderContext) {
  return dashboardModel(ctx, "DashboardUnreadNotes", z.array(unreadNotesSchema));
}

const announcementSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});

/** GET /api/DashboardClient as DashboardAnnouncements: the provider's current announcements. */
export function getAnnouncements(ctx: ProviderContext) {
  return dashboardModel(ctx, "DashboardAnnouncements", z.array(announcementSchema));
}

const commissionGroupSchema = z.object({
  title: z.string(),
  groups: z.array(
    z.object({
      fromDate: z.string(),
      toDate: z.string(),
      hotels: z.array(
        z.object({
          hotelName: z.string(),
          hotelGrade: z.number().int().min(0).max(5),
          commission: z.number(),
          extraCommission: z.number(),
        }),
      ),
    }),
  ),
});

/** GET /api/DashboardClient as AgencyGroupCommission: promoted hotels and their commissions. */
export function getCommissionGroups(ctx: ProviderContext) {
  return dashboardModel(ctx, "AgencyGroupCommission", commissionGroupSchema);
}
