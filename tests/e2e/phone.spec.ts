import type { Page } from "@playwright/test";
import { PUBLIC_PAGES } from "#tests/pages";
import { expect, test } from "./fixtures";

/**
 * Agency staff also check requests from a phone: at 390 px nothing may scroll sideways, and the
 * side menu is the icon rail. Every page, both languages.
 */
test.use({ viewport: { width: 390, height: 844 } });

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
    "/reservations/reservation-details/7001/print",
    "/reservations/reservation-details/7013/voucher",
    "/reservations/reservation-details/7001/offer?markupKind=percent&markup=12&language=both",
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

/** Pages to print or hand over, outside the main layout: no menu to check. */
const WITHOUT_MENU = new Set([
  "/reservations/reservation-details/7001/print",
  "/reservations/reservation-details/7013/voucher",
  "/reservations/reservation-details/7001/offer?markupKind=percent&markup=12&language=both",
]);

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
        if (WITHOUT_MENU.has(path)) continue;
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

test.describe("lists on a phone", () => {
  // A phone says so in its user agent; the portal folds the filters for it.
  test.use({
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
  });
  const LISTS = ["/reservations/list", "/orders", "/payments", "/transactions"];

  for (const language of ["en", "fa"] as const) {
    test(`every list starts with its results, the filters a tap away (${language})`, async ({
      portal,
      page,
    }) => {
      await portal.signInDirectly();
      await portal.chooseLanguageDirectly(language);
      for (const path of LISTS) {
        await portal.visit(path);
        const firstRow = page.getByRole("main").locator("table tbody tr").first();
        await expect(firstRow, path).toBeVisible();
        const row = (await firstRow.boundingBox())!;
        expect(
          row.y + row.height,
          `${path}: the first result on the first screen`,
        ).toBeLessThanOrEqual(page.viewportSize()!.height);
      }

      // The filters open from their summary line, with or without JS, and filter as before.
      await portal.visit("/reservations/list");
      const filters = page.getByTestId("list-filters");
      await expect(filters).not.toHaveAttribute("open");
      const hotel = page.getByLabel(language === "en" ? "Hotel" : "هتل", { exact: true });
      await expect(hotel).toBeHidden();
      await filters.locator("summary").click();
      await hotel.fill("Bosphorus");
      await page
        .getByRole("button", { name: language === "en" ? "Show requests" : /نمایش/ })
        .click();
      await expect(page).toHaveURL(/hotel=Bosphorus/);
      await expect(page.getByTestId("active-filters")).toContainText("Bosphorus");
      await expect(page.getByTestId("list-filters")).not.toHaveAttribute("open");
      await expect(page.getByRole("main").locator("table tbody tr").first()).toBeInViewport();
    });
  }
});
