import { describe, expect, test } from "vitest";
import { clientOfferSchema, clientPrice } from "./client-offer";

describe("a client offer's price", () => {
  test("adds a percentage and rounds up to a whole unit", () => {
    expect(clientPrice(196, { kind: "percent", value: 12 })).toBe(220); // 219.52
    expect(clientPrice(1419.5, { kind: "percent", value: 0 })).toBe(1420);
  });

  test("adds an amount", () => {
    expect(clientPrice(196, { kind: "amount", value: 25 })).toBe(221);
    expect(clientPrice(196, { kind: "amount", value: 25.5 })).toBe(222);
  });

  test("float noise never adds a unit: 100 × 1.1 is 110", () => {
    expect(100 * 1.1).not.toBe(110);
    expect(clientPrice(100, { kind: "percent", value: 10 })).toBe(110);
  });

  test("never below what the agency pays", () => {
    for (const price of [0.01, 99.99, 123.45, 10_000])
      expect(clientPrice(price, { kind: "percent", value: 0 })).toBeGreaterThanOrEqual(price);
  });
});

describe("the offer form", () => {
  const parse = (fields: Record<string, string>) =>
    clientOfferSchema.safeParse({ markupKind: "percent", language: "both", ...fields });

  test("takes Persian digits and a decimal separator", () => {
    expect(parse({ markup: "۱۲٫۵" })).toMatchObject({ success: true, data: { markup: 12.5 } });
  });

  test("refuses what is not a markup", () => {
    for (const markup of ["", "-5", "twelve", "1.234"])
      expect(parse({ markup }).success).toBe(false);
    expect(parse({ markup: "101" }).success).toBe(false);
    expect(parse({ markup: "101", markupKind: "amount" }).success).toBe(true);
    expect(parse({ markup: "0" }).success).toBe(true);
    expect(parse({ markup: "5", language: "de" }).success).toBe(false);
  });
});
