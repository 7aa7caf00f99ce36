import { describe, expect, test } from "vitest";
import { receiptDefaultsFor } from "./receipt.server";

describe("a receipt's starting values", () => {
  const money = (amount: number) => `$${amount}`;
  const ids = { USD: "3", EUR: "2" };

  test("an order with something to pay: its balance, in its currency", () => {
    expect(receiptDefaultsFor({ Balance: 236.5, Currency: "USD" }, ids, money)).toEqual({
      defaultCurrency: "3",
      defaultAmount: "236.5",
      outstanding: { amount: "$236.5", currency: "USD" },
    });
  });

  test("an order paid in full or over: nothing to pay, the amount left to the clerk", () => {
    for (const Balance of [0, -20])
      expect(receiptDefaultsFor({ Balance, Currency: "EUR" }, ids, money)).toEqual({
        defaultCurrency: "2",
        defaultAmount: undefined,
        outstanding: { amount: null, currency: "EUR" },
      });
  });
});
