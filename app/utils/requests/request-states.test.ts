import { describe, expect, test } from "vitest";
import { inRequestStateOrder, requestStateLabel } from "./request-states";

const t = (key: string) => `«${key}»`;

describe("request states", () => {
  test("a known state is translated", () => {
    expect(requestStateLabel("PaymentPending", t)).toBe("«requestStates.PaymentPending»");
  });

  test("a state the portal does not know is shown readably, never as a translation key", () => {
    expect(requestStateLabel("Canceled", t)).toBe("Canceled");
    expect(requestStateLabel("PaymentOverdue", t)).toBe("Payment overdue");
    expect(requestStateLabel("ON_HOLD", t)).toBe("On hold");
  });

  test("the portal orders states itself; unknown ones follow in the provider's order", () => {
    const counts = ["Settled", "Canceled", "New", "OnHold", "Confirmed"].map((State) => ({
      State,
      Count: 1,
    }));
    expect(inRequestStateOrder(counts).map((entry) => entry.State)).toEqual([
      "New",
      "Confirmed",
      "Settled",
      "Canceled",
      "OnHold",
    ]);
  });
});
