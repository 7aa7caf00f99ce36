import { formatDate } from "~/utils/format/dates";
import type { moneyIn } from "~/utils/format/numbers";
import type { Payment } from "~/utils/provider/payments.server";

/** Payments written out for a table in the user's language: amounts with currency, dates in their calendar. */
export function paymentRows(
  payments: Payment[],
  language: string,
  money: ReturnType<typeof moneyIn>,
) {
  return payments.map((payment) => ({
    id: payment.Id,
    type: payment.PaymentType,
    source: money(payment.SourceAmount, payment.SourceCurrency),
    converted: money(payment.Amount, payment.ConvertedCurrency),
    amount: money(payment.Amount, payment.ConvertedCurrency),
    currency: payment.ConvertedCurrency,
    contractNumber: payment.ContractNumber ?? "",
    orderId: payment.OrderId,
    submitted: formatDate(payment.CreateDate, language),
    paidAt: payment.PaymentDateTime
      ? formatDate(payment.PaymentDateTime, language, "dateTime")
      : "",
    receiptNumber: payment.ReceiptNumber ?? "",
    receiptType: payment.ReceiptPaymentType ?? "",
    bank: payment.BankName ?? "",
    payer: payment.PayerName ?? "",
    payee: payment.PayeeName ?? "",
    state: payment.State,
    // Through the portal, which asks the provider with the clerk's token (the provider serves a
    // file to its own agency only).
    fileHref: payment.FileName
      ? `/payments/receipt-files/${encodeURIComponent(payment.FileName)}`
      : null,
  }));
}
export type PaymentRow = ReturnType<typeof paymentRows>[number];
