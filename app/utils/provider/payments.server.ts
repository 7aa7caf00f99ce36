import { z } from "zod";
import { callProvider, defineCall, pageQuery } from "./call.server";
import type { ProviderContext } from "./request.server";

/** Payments (/api/PaymentClient), receipt uploads (/api/UploadPublicFiles), receipt payment types. */

const paymentSchema = z.object({
  Id: z.number(),
  PaymentType: z.string().describe("Receipt, Cash or Online"),
  SourceAmount: z.number(),
  SourceCurrency: z.string(),
  Amount: z.number(),
  ConvertedCurrency: z.string(),
  OrderId: z.number(),
  ContractNumber: z.string().nullish(),
  CreateDate: z.string(),
  PaymentDateTime: z.string().nullable(),
  PayerName: z.string().nullable(),
  PayeeName: z.string().nullable(),
  ReceiptNumber: z.string().nullable(),
  ReceiptPaymentType: z.string().nullable(),
  BankName: z.string().nullable(),
  State: z.string().describe("New, Approved, Rejected or Refunded"),
  FileName: z
    .string()
    .nullish()
    .describe("A receipt's stored file (its upload's name); null for cash"),
});
export type Payment = z.infer<typeof paymentSchema>;

const PAYMENTS = "/api/PaymentClient";

const paymentKindSchema = z.enum(["Receipt", "Cash"]);

const paymentsQuerySchema = z.object({
  PaymentType: paymentKindSchema,
  ...pageQuery,
});

const paymentsCall = defineCall({
  operation: "payments.getPayments",
  summary: "One page of the agency's payments of one type, newest first",
  path: PAYMENTS,
  token: true,
  query: paymentsQuerySchema,
  responseModel: "PaymentList",
  answer: z.object({ Items: z.array(paymentSchema), TotalCount: z.number().int().min(0) }),
});

/** GET with PaymentType, Page, PageSize as PaymentList: one page of the agency's payments. */
export function getPayments(ctx: ProviderContext, query: z.infer<typeof paymentsQuerySchema>) {
  return callProvider(ctx, paymentsCall, { query });
}

const orderPaymentsCall = defineCall({
  operation: "payments.getOrderPayments",
  summary: "Every payment of one order, newest first",
  path: PAYMENTS,
  token: true,
  query: z.object({ orderId: z.number().int() }),
  responseModel: "OrderPayments",
  answer: z.array(paymentSchema),
});

/** GET ?orderId= as OrderPayments: every payment of one order, newest first. */
export function getOrderPayments(ctx: ProviderContext, orderId: number) {
  return callProvider(ctx, orderPaymentsCall, { query: { orderId } });
}

const receiptPaymentTypesCall = defineCall({
  operation: "payments.getReceiptPaymentTypes",
  summary: "How a receipt may have been paid (a transfer, a deposit…)",
  path: "/api/ReceiptPaymentTypeClient/",
  token: true,
  answer: z.array(z.object({ Id: z.number(), Title: z.string() })),
});

/** GET /api/ReceiptPaymentTypeClient/: how a receipt was paid (a transfer, a deposit…). */
export function getReceiptPaymentTypes(ctx: ProviderContext) {
  return callProvider(ctx, receiptPaymentTypesCall);
}

const uploadReceiptFileCall = defineCall({
  operation: "payments.uploadReceiptFile",
  summary: "Stores a receipt's file; answers the stored file's name first",
  method: "POST",
  path: "/api/UploadPublicFiles",
  token: true,
  body: {
    form: "multipart/form-data",
    fields: z.object({
      file: z
        .custom<File>((value) => value instanceof File)
        .openapi({ type: "string", format: "binary", description: "PDF, JPEG or PNG" }),
    }),
  },
  answer: z.array(z.string().min(1)).min(1),
  status: 201,
});

/** POST /api/UploadPublicFiles (multipart, field `file`): stores a receipt; answers its stored name. */
export async function uploadReceiptFile(ctx: ProviderContext, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  const names = await callProvider(ctx, uploadReceiptFileCall, { form });
  // Spec §7: the first item of the answer is the stored file's name.
  return names[0];
}

const receiptFileCall = defineCall({
  operation: "payments.getReceiptFile",
  summary: "A receipt's stored file, to the agency that uploaded it, sent as it is",
  path: "/api/UploadPublicFiles/{fileName}",
  token: true,
  params: z.object({ fileName: z.string().min(1).describe("The stored name the upload answered") }),
  answer: "file",
});

/** GET /api/UploadPublicFiles/{fileName}: a receipt's file, as its agency sent it. */
export function getReceiptFile(ctx: ProviderContext, fileName: string) {
  return callProvider(ctx, receiptFileCall, { params: { fileName } });
}

const receiptPaymentSchema = z.object({
  OrderId: z.number().int(),
  ReceiptNumber: z.string(),
  PaymentDateTime: z.string().describe("YYYY-MM-DDTHH:mm:ss, the provider's wall clock"),
  ReceiptPaymentType: z.number().int().describe("An Id of the receipt payment types"),
  SendersName: z.string(),
  File: z.string().describe("The stored name the upload answered"),
  SourceAmount: z.number(),
  Description: z.string(),
  SourceCurrencyId: z.number().int().describe("An Id of CurrencyData"),
  BankId: z.number().int().nullable().describe("An Id of BankData, or null"),
});
export type ReceiptPayment = z.infer<typeof receiptPaymentSchema>;

const submitReceiptCall = defineCall({
  operation: "payments.submitReceipt",
  summary: "The receipt of a payment made for an order, with its uploaded file",
  method: "POST",
  path: PAYMENTS,
  token: true,
  body: { model: "ReceiptPayment", json: receiptPaymentSchema },
  answer: z.object({ Id: z.number() }),
  status: 201,
});

/** POST as ReceiptPayment: the receipt of a payment made for an order, with its uploaded file. */
export function submitReceipt(ctx: ProviderContext, receipt: ReceiptPayment) {
  return callProvider(ctx, submitReceiptCall, { json: receipt });
}

export const paymentsCalls = [
  paymentsCall,
  orderPaymentsCall,
  receiptPaymentTypesCall,
  uploadReceiptFileCall,
  receiptFileCall,
  submitReceiptCall,
];
