import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Portal } from "./fixtures";

/** axe-core's automated checks (WCAG 2.1 A and AA) on each page, in both languages. */
async function expectNoViolations(portal: Portal) {
  const results = await new AxeBuilder({ page: portal.page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(found).toEqual([]);
}

test.describe("accessibility", () => {
  // axe runs scripts in the page, so these run with JavaScript on only.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe needs JavaScript in the page");

  test("public pages", async ({ portal }) => {
    await portal.visit("/auth/login");
    await expectNoViolations(portal);
    await portal.visit("/auth/register");
    await expectNoViolations(portal);
    await portal.switchLanguage("فارسی");
    await expectNoViolations(portal);
  });

  test("signed-in pages, in English and Persian", async ({ portal }) => {
    await portal.signIn();
    for (const language of ["English", "فارسی"] as const) {
      if (language === "فارسی") await portal.switchLanguage(language);
      for (const path of ["/dashboard", "/changePassword", "/account/verify-email"]) {
        await portal.visit(path);
        await expectNoViolations(portal);
      }
    }
  });

  test("requests pages, in English and Persian", async ({ portal }) => {
    test.setTimeout(120_000);
    await portal.signIn();
    for (const language of ["English", "فارسی"] as const) {
      if (language === "فارسی") await portal.switchLanguage(language);
      for (const path of [
        "/reservations/list",
        "/reservations/reservation-details/7001",
        "/reservations/reservation-details/7001?confirm=delete",
        "/reservations/reservation-details/7001/print",
        "/reservations/modify-date-reservation/7001",
        "/reservations/modify-room-reservation/7001",
        "/reservations/modify-flight-reservation/7001",
      ]) {
        await portal.visit(path);
        await expectNoViolations(portal);
      }
    }
  });

  test("orders, payments and transactions pages, in English and Persian", async ({ portal }) => {
    test.setTimeout(120_000);
    await portal.signIn();
    for (const language of ["English", "فارسی"] as const) {
      if (language === "فارسی") await portal.switchLanguage(language);
      for (const path of [
        "/orders",
        "/orders/order-details/3001",
        "/orders/order-details/3001/receipt",
        "/orders/order-details/3001/tickets/15001",
        "/payments",
        "/transactions",
      ]) {
        await portal.visit(path);
        await expectNoViolations(portal);
      }
    }
  });
});
