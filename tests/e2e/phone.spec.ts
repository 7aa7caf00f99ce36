import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Agency staff also check requests from a phone: at 390 px nothing may scroll sideways, and the
 * side menu is the icon rail. Every page, both languages.
 */
test.use({ viewport: { width: 390, height: 844 } });

const PUBLIC_PAGES = ["/auth/login", "/auth/register", "/auth/register-success"];
/** The signed-in pages in groups, each group a test with its own time. */
const SIGNED_IN_PAGE_GROUPS = {
  account: [
    "/dashboard",
    "/changePassword",
    "/account/verify-email",
    "/reservations/new/hotel",
    "/no-such-page",
  ],
  requests: [
    "/reservations/list",
    "/reservations/reservation-details/7001",
    "/reservations/modify-date-reservation/7001",
    "/reservations/modify-room-reservation/7001",
    "/reservations/modify-flight-reservation/7001",
  ],
  orders: [
    "/orders",
    "/orders/order-details/3001",
    "/orders/order-details/3001/receipt",
    "/orders/order-details/3001/tickets/15001",
    "/payments",
    "/payments?tab=cash",
    "/transactions",
  ],
};

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const language of ["en", "fa"] as const) {
  for (const [group, pages] of Object.entries(SIGNED_IN_PAGE_GROUPS)) {
    test(`no ${group} page scrolls sideways at 390 px (${language})`, async ({ portal, page }) => {
      await portal.signInDirectly();
      await portal.chooseLanguageDirectly(language);
      for (const path of pages) {
        await portal.visit(path);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expect(page.getByRole("main")).toBeVisible();
        expect(await overflow(page), path).toBeLessThanOrEqual(0);
        const menu = await page.getByTestId("side-menu").boundingBox();
        expect(menu!.width, `${path}: the menu is the icon rail`).toBeLessThanOrEqual(57);
      }
      // The rail still names every item for screen readers and keyboard users.
      await expect(
        page.getByRole("navigation").getByRole("link", { name: /Requests|درخواست‌ها/ }),
      ).toBeVisible();
    });
  }

  test(`no public page scrolls sideways at 390 px (${language})`, async ({ portal, page }) => {
    await portal.chooseLanguageDirectly(language);
    for (const path of PUBLIC_PAGES) {
      await portal.visit(path);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
  });
}
