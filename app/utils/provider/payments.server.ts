import { z } from "zod";
import { providerRequest, type ProviderContext } from "./request.server";

/** Payments (/api/PaymentClient), receipt uploads (/api/UploadPublicFiles), receipt payment types. */

const paymentSchema = z.object({
  Id: z.number(),
  PaymentType: z.string(),
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
  State: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export type PaymentKind = "Receipt" | "Cash";

/** GET with PaymentType, Page, PageSize as PaymentList: one page of the agency's payments. */
export function getPayments(
  ctx: ProviderContext,
  query: { PaymentType: PaymentKind; Page: number; PageSize: number },
) {
  return providerRequest(
    ctx,
    {
      operation: "payments.getPayments",
      path: "/api/PaymentClient",
      query,
      responseModel: "PaymentList",
    },
    z.object({ Items: z.array(paymentSchema), TotalCount: z.number().int().min(0) }),
  );
}

/** GET ?orderId= as OrderPayments: every payment of one order, newest first. */
export function getOrderPayments(ctx: ProviderContext, orderId: number) {
  return providerRequest(
    ctx,
    {
      operation: "payments.getOrderPayments",
      path: "/api/PaymentClient",
      query: { orderId },
      responseModel: "OrderPayments",
    },
    z.array(paymentSchema),
  );
}

/** GET /api/ReceiptPaymentTypeClient/: how a receipt was paid (a transfer, a deposit…). */
export function getReceiptPaymentTypes(ctx: ProviderContext) {
  return providerRequest(
    ctx,
    { operation: "payments.getReceiptPaymentTypes", path: "/api/ReceiptPaymentTypeClient/" },
    z.array(z.object({ Id: z.number(), Title: z.string() })),
  );
}

/** POST /api/UploadPublicFiles (multipart, field `file`): stores a receipt; answers its stored name. */
export async function uploadReceiptFile(ctx: ProviderContext, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  const names = await providerRequest(
    ctx,
    {
      operation: "payments.uploadReceiptFile",
      method: "POST",
      path: "/api/UploadPublicFiles",
      form,
    },
    z.array(z.string().min(1)).min(1),
  );
  // Spec §7: the first item of the answer is the stored file's name.
  return names[0];
}

export type ReceiptPayment = {
  OrderId: number;
  ReceiptNumber: string;
  PaymentDateTime: string;
  ReceiptPaymentType: number;
  SendersName: string;
  File: string;
  SourceAmount: number;
  Description: string;
  SourceCurrencyId: number;
  BankId: number | null;
};

/** POST as ReceiptPayment: the receipt of a payment made for an order, with its uploaded file. */
export function submitReceipt(ctx: ProviderContext, receipt: ReceiptPayment) {
  return providerRequest(
    ctx,
    {
      operation: "payments.submitReceipt",
      method: "POST",
      path: "/api/PaymentClient",
      bodyModel: "ReceiptPayment",
      json: receipt,
    },
    z.object({ Id: z.number() }),
  );
}
