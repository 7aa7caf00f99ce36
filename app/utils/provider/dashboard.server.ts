import { z } from "zod";
import { callProvider, defineCall } from "./call.server";
import { requestStateSchema } from "./reserve-requests.server";
import type { ProviderContext } from "./request.server";

const count = z.number().int().min(0);

/** GET /api/DashboardClient answers several models; the Accept header's domain model picks one. */
function dashboardCall<Schema extends z.ZodTypeAny>(
  responseModel: string,
  summary: string,
  answer: Schema,
) {
  return defineCall({
    operation: `dashboard.${responseModel}`,
    summary,
    path: "/api/DashboardClient",
    token: true,
    responseModel,
    answer,
  });
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

const requestStatisticsCall = dashboardCall(
  "DashboardRequestStatistics",
  "The agency's requests counted, and their shares of the total in percent",
  requestStatisticsSchema,
);

/** GET /api/DashboardClient as DashboardRequestStatistics. */
export function getRequestStatistics(ctx: ProviderContext) {
  return callProvider(ctx, requestStatisticsCall);
}

const requestStateCountSchema = z.object({ State: requestStateSchema, Count: count });
export type RequestStateCount = z.infer<typeof requestStateCountSchema>;

const requestStateCountsCall = dashboardCall(
  "RequestStateCounts",
  "The agency's requests counted by every state",
  z.array(requestStateCountSchema),
);

/** GET /api/DashboardClient as RequestStateCounts: the agency's requests counted by every state. */
export function getRequestStateCounts(ctx: ProviderContext) {
  return callProvider(ctx, requestStateCountsCall);
}

const unreadNotesSchema = z.object({
  id: z.number(),
  reserveNumber: z.string(),
  unReadNoteNumber: count,
});

const unreadNotesCall = dashboardCall(
  "DashboardUnreadNotes",
  "The requests with provider notes the agency has not read",
  z.array(unreadNotesSchema),
);

/** GET /api/DashboardClient as DashboardUnreadNotes: requests with provider notes the agency has not read. */
export function getUnreadNotes(ctx: ProviderContext) {
  return callProvider(ctx, unreadNotesCall);
}

const announcementSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});

const announcementsCall = dashboardCall(
  "DashboardAnnouncements",
  "The provider's announcements in force today",
  z.array(announcementSchema),
);

/** GET /api/DashboardClient as DashboardAnnouncements: the provider's current announcements. */
export function getAnnouncements(ctx: ProviderContext) {
  return callProvider(ctx, announcementsCall);
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

const commissionGroupsCall = dashboardCall(
  "AgencyGroupCommission",
  "Promoted hotels by period, with the agency's commission and extra commission",
  commissionGroupSchema,
);

/** GET /api/DashboardClient as AgencyGroupCommission: promoted hotels and their commissions. */
export function getCommissionGroups(ctx: ProviderContext) {
  return callProvider(ctx, commissionGroupsCall);
}

export const dashboardCalls = [
  requestStatisticsCall,
  requestStateCountsCall,
  unreadNotesCall,
  announcementsCall,
  commissionGroupsCall,
];
