import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, type Portal } from "./fixtures";

/**
 * The page as a browser without JavaScript has it, in a page where axe can run: axe needs scripts,
 * and a page with JavaScript off runs none. The served HTML, its scripts taken out and its
 * `<noscript>` parts shown, is opened where scripts run; styles come from the portal as usual.
 */
async function asServedWithoutScripts(page: Page) {
  const url = page.url();
  const html = (await (await page.request.get(url)).text())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?noscript>/gi, "");
  const copy = await scriptablePageBeside(page);
  await copy.unrouteAll();
  await copy.route(url, (route) =>
    route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }),
  );
  await copy.goto(url);
  return copy;
}

/** One page with scripts on per test, closed with the test's page. */
const scriptablePages = new WeakMap<Page, Page>();
async function scriptablePageBeside(page: Page) {
  let copy = scriptablePages.get(page);
  if (!copy) {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
    copy = await context.newPage();
    scriptablePages.set(page, copy);
    page.once("close", () => void context.close());
  }
  return copy;
}

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function violationsOf(page: Page, skipRules: string[] = []) {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    .disableRules(skipRules)
    // Only violations are read: axe skips the details of what passed, which is most of its time.
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

/**
 * axe-core's automated checks (WCAG 2.1 A and AA) on the page as it is now (hydrated), then on the
 * same page as served to a browser without JavaScript. The second skips colour contrast: the
 * styles are the same, only the markup differs.
 */
async function expectNoViolations(portal: Portal) {
  const url = portal.page.url();
  expect(await violationsOf(portal.page), url).toEqual([]);
  const withoutScripts = await asServedWithoutScripts(portal.page);
  expect(await violationsOf(withoutScripts, ["color-contrast"]), `${url}, without JS`).toEqual([]);
}

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
