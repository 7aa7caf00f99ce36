import { z } from "zod";
import { callProvider, defineCall, pageQuery } from "./call.server";
import { requestStateSchema } from "./reserve-requests.server";
import type { ProviderContext } from "./request.server";

/** Orders (contracts): GET /api/OrderClient, and an order's accounting report. */

const orderGridQuerySchema = z.object({
  ...pageQuery,
  ContractNumber: z.string().optional(),
  FromDate: z.string().optional().describe("YYYY-MM-DD, the first day of the orders' creation"),
  ToDate: z.string().optional().describe("YYYY-MM-DD, the last day of the orders' creation"),
  State: z.string().optional().describe("Open, PartlyPaid or Paid"),
});
export type OrderGridQuery = z.infer<typeof orderGridQuerySchema>;

const orderRowSchema = z.object({
  Id: z.number(),
  ContractNumber: z.string(),
  CreateDate: z.string(),
  RequestCount: z.number(),
  TotalAmount: z.number(),
  PaidAmount: z.number(),
  Balance: z.number(),
  Currency: z.string(),
  State: z.string().describe("The order's state: Open, PartlyPaid or Paid"),
});

const orderGridCall = defineCall({
  operation: "orders.getOrderGrid",
  summary: "One page of the agency's orders, newest first, filtered",
  path: "/api/OrderClient",
  token: true,
  query: orderGridQuerySchema,
  responseModel: "OrderGrid",
  answer: z.object({ Items: z.array(orderRowSchema), TotalCount: z.number().int().min(0) }),
});

/** GET as OrderGrid: one page of the agency's orders, newest first, filtered. */
export function getOrderGrid(ctx: ProviderContext, query: OrderGridQuery) {
  return callProvider(ctx, orderGridCall, { query });
}

const orderDetailsSchema = orderRowSchema.extend({
  Requests: z.array(
    z.object({
      Id: z.number(),
      RequestNumber: z.string(),
      HotelName: z.string(),
      CheckInDate: z.string().nullable(),
      CheckoutDate: z.string().nullable(),
      State: requestStateSchema,
      TotalPrice: z.number(),
    }),
  ),
});

const orderPath = z.object({ orderId: z.number().int() });

const orderCall = defineCall({
  operation: "orders.getOrder",
  summary: "An order's figures and its reservation requests",
  path: "/api/OrderClient/{orderId}",
  token: true,
  params: orderPath,
  responseModel: "OrderDetails",
  answer: orderDetailsSchema,
});

/** GET /{id} as OrderDetails: an order's figures and its reservation requests. */
export function getOrder(ctx: ProviderContext, orderId: number) {
  return callProvider(ctx, orderCall, { params: { orderId } });
}

const accountingReportCall = defineCall({
  operation: "orders.downloadAccountingReport",
  summary: "An order's accounting report, a file (PDF or spreadsheet) sent as it is",
  path: "/api/AccountingReportClient/{orderId}",
  token: true,
  params: orderPath,
  answer: "file",
});

/** GET /api/AccountingReportClient/{id}: the order's accounting report, a file. */
export function downloadAccountingReport(ctx: ProviderContext, orderId: number) {
  return callProvider(ctx, accountingReportCall, { params: { orderId } });
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

const statementQuerySchema = z.object({
  ...pageQuery,
  FromDate: z.string().optional().describe("YYYY-MM-DD, the range's first day"),
  ToDate: z.string().optional().describe("YYYY-MM-DD, the range's last day"),
});

const statementCall = defineCall({
  operation: "orders.getStatement",
  summary: "One page of the agency's debits and credits in a range, with the balances around it",
  path: "/api/AccountingReportClient",
  token: true,
  query: statementQuerySchema,
  responseModel: "AgencyStatement",
  answer: z.object({
    OpeningBalances: z.array(balanceSchema),
    ClosingBalances: z.array(balanceSchema),
    Items: z.array(statementLineSchema),
    TotalCount: z.number().int().min(0),
  }),
});

/** GET /api/AccountingReportClient as AgencyStatement: the agency's debits and credits in a range. */
export function getStatement(ctx: ProviderContext, query: z.infer<typeof statementQuerySchema>) {
  return callProvider(ctx, statementCall, { query });
}

export const ordersCalls = [orderGridCall, orderCall, accountingReportCall, statementCall];
