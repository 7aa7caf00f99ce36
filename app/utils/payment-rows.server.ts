import { formatDate } from "~/utils/dates";
import { formatMoney, formatNumber } from "~/utils/numbers";
import type { Payment } from "~/utils/provider/payments.server";

/** Payments written out for a table in the user's language: amounts with currency, dates in their calendar. */
export function paymentRows(payments: Payment[], language: string) {
  return payments.map((payment) => ({
    id: payment.Id,
    type: payment.PaymentType,
    source: formatMoney(payment.SourceAmount, payment.SourceCurrency, language),
    converted: formatMoney(payment.Amount, payment.ConvertedCurrency, language),
    amount: formatNumber(payment.Amount, language),
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
  }));
}
export type PaymentRow = ReturnType<typeof paymentRows>[number];
