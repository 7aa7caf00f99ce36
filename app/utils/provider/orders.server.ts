import { z } from "zod";
import { providerFetch, providerRequest, type ProviderContext } from "./request.server";

/** Orders (contracts): GET /api/OrderClient, and an order's accounting report. */

export type OrderGridQuery = {
  Page: number;
  PageSize: number;
  ContractNumber?: string;
  FromDate?: string;
  ToDate?: string;
  State?: string;
};

const orderRowSchema = z.object({
  Id: z.number(),
  ContractNumber: z.string(),
  CreateDate: z.string(),
  RequestCount: z.number(),
  TotalAmount: z.number(),
  PaidAmount: z.number(),
  Balance: z.number(),
  Currency: z.string(),
  State: z.string(),
});

/** GET as OrderGrid: one page of the agency's orders, newest first, filtered. */
export function getOrderGrid(ctx: ProviderContext, query: OrderGridQuery) {
  return providerRequest(
    ctx,
    {
      operation: "orders.getOrderGrid",
      path: "/api/OrderClient",
      query,
      responseModel: "OrderGrid",
    },
    z.object({ Items: z.array(orderRowSchema), TotalCount: z.number().int().min(0) }),
  );
}

const orderDetailsSchema = orderRowSchema.extend({
  Requests: z.array(
    z.object({
      Id: z.number(),
      RequestNumber: z.string(),
      HotelName: z.string(),
      CheckInDate: z.string().nullable(),
      CheckoutDate: z.string().nullable(),
      State: z.string(),
      TotalPrice: z.number(),
    }),
  ),
});

/** GET /{id} as OrderDetails: an order's figures and its reservation requests. */
export function getOrder(ctx: ProviderContext, orderId: number) {
  return providerRequest(
    ctx,
    {
      operation: "orders.getOrder",
      path: `/api/OrderClient/${orderId}`,
      responseModel: "OrderDetails",
    },
    orderDetailsSchema,
  );
}

/** GET /api/AccountingReportClient/{id}: the order's accounting report, a file. */
export function downloadAccountingReport(ctx: ProviderContext, orderId: number) {
  return providerFetch(ctx, {
    operation: "orders.downloadAccountingReport",
    path: `/api/AccountingReportClient/${orderId}`,
  });
}

const balanceSchema = z.object({ Currency: z.string(), Balance: z.number() });
const statementLineSchema = z.object({
  Id: z.string(),
  Date: z.string(),
  Type: z.enum(["Debit", "Credit"]),
  OrderId: z.number().nullable(),
  ContractNumber: z.string().nullable(),
  Description: z.string(),
  Amount: z.number(),
  Currency: z.string(),
  Balance: z.number(),
});

/** GET /api/AccountingReportClient as AgencyStatement: the agency's debits and credits in a range. */
export function getStatement(
  ctx: ProviderContext,
  query: { Page: number; PageSize: number; FromDate?: string; ToDate?: string },
) {
  return providerRequest(
    ctx,
    {
      operation: "orders.getStatement",
      path: "/api/AccountingReportClient",
      query,
      responseModel: "AgencyStatement",
    },
    z.object({
      OpeningBalances: z.array(balanceSchema),
      ClosingBalances: z.array(balanceSchema),
      Items: z.array(statementLineSchema),
      TotalCount: z.number().int().min(0),
    }),
  );
}
