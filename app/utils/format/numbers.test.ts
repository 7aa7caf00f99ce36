import { describe, expect, test } from "vitest";
import { formatMoney } from "./numbers";

describe("formatMoney", () => {
  test("the provider's currency sign takes the place of the code's symbol", () => {
    expect(formatMoney(780, "USD", "en", "$")).toBe("$780.00");
    expect(formatMoney(52_000_000, "IRR", "fa", "﷼")).toMatch(/﷼\s۵۲٬۰۰۰٬۰۰۰/);
  });

  test("without a sign, the language's own symbol for the code", () => {
    expect(formatMoney(780, "USD", "en")).toBe("US$780.00");
    expect(formatMoney(780, "USD", "en", " ")).toBe("US$780.00");
  });

  test("a code the runtime does not know: the number, then the sign or the code", () => {
    expect(formatMoney(12, "XQQ", "en", "Q")).toMatch(/^Q\s12\.00$/);
    expect(formatMoney(1200, "QQQQ", "fa")).toBe("۱,۲۰۰ QQQQ");
  });
});
