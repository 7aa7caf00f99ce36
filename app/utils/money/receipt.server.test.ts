import { describe, expect, test } from "vitest";
import { receiptDefaultsFor } from "./receipt.server";

describe("a receipt's starting values", () => {
  const money = (amount: number) => `$${amount}`;
  const ids = { USD: "3", EUR: "2" };

  test("an order with something to pay: its balance, in its currency", () => {
    expect(receiptDefaultsFor({ Balance: 236.5, Currency: "USD" }, [], ids, money)).toEqual({
      defaultCurrency: "3",
      defaultAmount: "236.5",
      outstanding: { amount: "$236.5", currency: "USD", underReview: null },
    });
  });

  test("an order paid in full or over: nothing to pay, the amount left to the clerk", () => {
    for (const Balance of [0, -20])
      expect(receiptDefaultsFor({ Balance, Currency: "EUR" }, null, ids, money)).toEqual({
        defaultCurrency: "2",
        defaultAmount: undefined,
        outstanding: { amount: null, currency: "EUR", underReview: null },
      });
  });

  test("a receipt under review: said beside the balance, and no amount filled in", () => {
    const payments = [
      { PaymentType: "Receipt", State: "Approved", Amount: 100 },
      { PaymentType: "Receipt", State: "New", Amount: 80.25 },
      { PaymentType: "Receipt", State: "Rejected", Amount: 50 },
      // Cash under review blocks no receipt.
      { PaymentType: "Cash", State: "New", Amount: 40 },
    ];
    expect(receiptDefaultsFor({ Balance: 236.5, Currency: "USD" }, payments, ids, money)).toEqual({
      defaultCurrency: "3",
      defaultAmount: undefined,
      outstanding: { amount: "$236.5", currency: "USD", underReview: "$80.25" },
    });
  });

  test("payments that could not be read: the balance as it is", () => {
    expect(receiptDefaultsFor({ Balance: 236.5, Currency: "USD" }, null, ids, money)).toEqual({
      defaultCurrency: "3",
      defaultAmount: "236.5",
      outstanding: { amount: "$236.5", currency: "USD", underReview: null },
    });
  });
});
