import { z } from "zod";
import { providerRequest, type ProviderContext } from "./request.server";

const count = z.number().int().min(0);

/** Spec §3 "Dashboard statistics": `xNumber` are request counts, the bare names are shares of the total in percent. */
export const requestStatisticsSchema = z.object({
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
export type RequestStatistics = z.infer<typeof requestStatisticsSchema>;

/** GET /api/DashboardClient as DashboardRequestStatistics. */
export function getRequestStatistics(ctx: ProviderContext) {
  return providerRequest(
    ctx,
    { path: "/api/DashboardClient", domainModel: "DashboardRequestStatistics" },
    requestStatisticsSchema,
  );
}
