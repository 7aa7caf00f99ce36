import { describe, expect, test } from "vitest";
import { safeRedirectPath } from "./http";

describe("safeRedirectPath", () => {
  test.each([
    "/reservations/list?state=Confirmed",
    "/orders/order-details/3001#payments",
    "/%2F%2Fevil.example",
  ])("keeps a path of this site: %s", (to) => {
    expect(safeRedirectPath(to, "/dashboard")).toBe(to);
  });

  test.each([
    "https://evil.example/",
    "HTTPS://EVIL.EXAMPLE",
    "//evil.example",
    "///evil.example",
    "\\\\evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    " //evil.example",
    "%2F%2Fevil.example",
    "javascript:alert(1)",
    "/reservations/../../evil",
    // A line separator: no Location header can hold it (a sign-in that answered 500).
    "/\u2028x",
    "/reservations/list?guest=Jane Traveller",
    "/\u0644\u06cc\u0633\u062a",
    "",
    null,
  ])("refuses %j", (to) => {
    expect(safeRedirectPath(to, "/dashboard")).toBe("/dashboard");
  });
});
