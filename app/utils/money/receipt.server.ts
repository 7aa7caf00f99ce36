import { data, type AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { ReceiptActionData, ReceiptOptions } from "~/components/receipt-form";
import { isEnhanced, orderPayments, submitted } from "~/utils/wizard/continue.server";
import { concurrencyLimit } from "~/utils/limits/concurrency.server";
import { requireOrderId } from "~/utils/http/params.server";
import { parseTypedForm, readUploadForm, type UploadForm } from "~/utils/forms/form-data.server";
import { switchedLanguage } from "~/utils/forms/language-switch.server";
import { getBanks, getCurrencies } from "~/utils/provider/client.server";
import {
  getReceiptPaymentTypes,
  submitReceipt,
  uploadReceiptFile,
  type Payment,
} from "~/utils/provider/payments.server";
import type { ProviderContext } from "~/utils/provider/request.server";
import { userOverLimitMessage } from "~/utils/limits/rate-limit.server";
import { providerErrorReply } from "~/utils/http/provider-errors.server";
import { MAX_RECEIPT_BYTES, receiptSchema, sniffReceiptType } from "~/utils/money/receipt";
import { metrics } from "~/utils/runtime/metrics.server";

/** The receipt form's choices: how it was paid, in which currency, from which bank. */
export async function receiptOptions(provider: ProviderContext): Promise<
  Omit<ReceiptOptions, "defaultCurrency" | "defaultAmount" | "outstanding"> & {
    currencyIds: Record<string, string>;
  }
> {
  const [paymentTypes, currencies, banks] = await Promise.all([
    getReceiptPaymentTypes(provider),
    getCurrencies(provider),
    getBanks(provider),
  ]);
  return {
    paymentTypes: paymentTypes.map((type) => ({ value: String(type.Id), label: type.Title })),
    currencies: currencies.map((entry) => ({
      value: String(entry.Id),
      label: `${entry.Title} (${entry.Code})`,
    })),
    banks: banks.map((bank) => ({ value: String(bank.Id), label: bank.Name })),
    currencyIds: Object.fromEntries(currencies.map((entry) => [entry.Code, String(entry.Id)])),
  };
}

/**
 * What a receipt for an order starts from: the order's currency, and what is still to be paid on
 * it (written out beside the form, and as the amount, which the clerk may change). An order paid
 * in full, or over, leaves the amount empty. The balance counts approved payments only: a receipt
 * still under review (state `New`) is said beside it, and then nothing is filled in, since the
 * provider takes no other receipt for the order until it is checked. Payments that could not be
 * read leave the balance as it is.
 */
export function receiptDefaultsFor(
  order: { Balance: number; Currency: string },
  payments: Array<Pick<Payment, "PaymentType" | "State" | "Amount">> | null,
  currencyIds: Record<string, string>,
  money: (amount: number) => string,
): Pick<ReceiptOptions, "defaultCurrency" | "defaultAmount" | "outstanding"> {
  const owed = order.Balance > 0;
  const reviewed =
    payments?.filter((payment) => payment.PaymentType === "Receipt" && payment.State === "New") ??
    [];
  const underReview = reviewed.reduce((sum, payment) => sum + payment.Amount, 0);
  return {
    defaultCurrency: currencyIds[order.Currency],
    defaultAmount: owed && !reviewed.length ? String(order.Balance) : undefined,
    outstanding: {
      amount: owed ? money(order.Balance) : null,
      currency: order.Currency,
      underReview: reviewed.length ? money(Math.round(underReview * 100) / 100) : null,
    },
  };
}

/**
 * Sends a receipt: the file is read as it streams (refused past 5 MB without reading on), checked
 * by its first bytes, uploaded, then the receipt is posted with the stored file's name. Every
 * failure comes back with the typed values; without JS the file must be chosen again, and the
 * form says so. Success: with JS the data for the dialog to close, without a redirect to the order.
 */
export async function sendReceipt(request: Request, context: AppLoadContext, params: Params) {
  const { provider, orderId } = await requireOrderId(request, context, params);
  return receiptUploads(() => receiveAndSend(request, context, provider, orderId));
}

/**
 * Receipts read and sent at once by this process: each holds its file (up to 5 MB) in memory
 * while it is read and passed on; more wait unread (bench/receipts.ts measures the peak).
 */
const RECEIPTS_AT_ONCE = 4;
const receiptUploads = concurrencyLimit(RECEIPTS_AT_ONCE);

async function receiveAndSend(
  request: Request,
  context: AppLoadContext,
  provider: ProviderContext,
  orderId: number,
) {
  metrics.receiptsInFlight.inc();
  try {
    const upload = await readUploadForm(request, context, MAX_RECEIPT_BYTES);
    try {
      return await sendUploadedReceipt(request, context, provider, orderId, upload);
    } finally {
      await upload.cleanup();
    }
  } finally {
    metrics.receiptsInFlight.dec();
  }
}

async function sendUploadedReceipt(
  request: Request,
  context: AppLoadContext,
  provider: ProviderContext,
  orderId: number,
  { formData, tooLarge }: UploadForm,
) {
  const enhanced = isEnhanced(formData);
  const t = context.translator("payments");
  const submission = parseTypedForm(formData, { schema: receiptSchema(context.language) });
  const answer = (result: ReceiptActionData["result"], status: number, headers?: HeadersInit) =>
    data<ReceiptActionData>({ result, chooseFileAgain: !enhanced }, { status, headers });
  const switched = await switchedLanguage(context, formData, submission.payload);
  if (switched) return answer(switched.result, 200, switched.headers);
  if (tooLarge)
    return answer(submission.reply({ fieldErrors: { receipt: ["validation.fileTooLarge"] } }), 413);
  if (submission.status !== "success") return answer(submission.reply(), 400);
  const overLimit = await userOverLimitMessage(request, context, "receiptsPerUser");
  if (overLimit) return answer(submission.reply({ formErrors: [overLimit] }), 429);
  const { receipt, ...value } = submission.value;
  // The first bytes say what the file is; the file itself is passed on without a copy.
  const kind = sniffReceiptType(new Uint8Array(await receipt.slice(0, 16).arrayBuffer()));
  if (!kind)
    return answer(submission.reply({ fieldErrors: { receipt: ["validation.fileType"] } }), 400);
  try {
    const stored = await uploadReceiptFile(
      provider,
      new File([receipt], `receipt.${kind.ext}`, { type: kind.type }),
    );
    await submitReceipt(provider, {
      OrderId: orderId,
      ReceiptNumber: value.receiptNumber,
      PaymentDateTime: `${value.paymentDate}T${value.paymentTime}:00`,
      ReceiptPaymentType: value.receiptPaymentType,
      SendersName: value.sendersName,
      File: stored,
      SourceAmount: value.amount,
      Description: value.description,
      SourceCurrencyId: value.currency,
      BankId: value.bank ?? null,
    });
  } catch (error) {
    const reply = await providerErrorReply(context, error, submission);
    return answer(reply.data, reply.init?.status ?? 400);
  }
  // The order's payments, with the one just sent under review: with JS in this answer.
  return submitted({ request, context }, formData, t("receipt.done"), orderPayments(orderId));
}
