import { expectNoViolations } from "./accessibility";
import { test } from "./fixtures";

test.describe("accessibility, with JS and without", () => {
  // axe needs scripts: the run with JS on checks both the hydrated page and the served one.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "each test checks both forms of a page");

  test("public pages", async ({ portal }) => {
    await portal.visit("/auth/login");
    await expectNoViolations(portal);
    await portal.visit("/auth/register");
    await expectNoViolations(portal);
    await portal.switchLanguage("فارسی");
    await expectNoViolations(portal);
  });

  test("signed-in pages, in English and Persian", async ({ portal }) => {
    await portal.signInDirectly();
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
    await portal.signInDirectly();
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
    await portal.signInDirectly();
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
