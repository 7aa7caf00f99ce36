import { expect, test } from "./fixtures";

/**
 * Agency staff also check requests from a phone: at 390 px nothing may scroll sideways, and the
 * side menu is the icon rail. Every page, both languages.
 */
test.use({ viewport: { width: 390, height: 844 } });

const PUBLIC_PAGES = ["/auth/login", "/auth/register", "/auth/register-success"];
const SIGNED_IN_PAGES = [
  "/dashboard",
  "/changePassword",
  "/account/verify-email",
  "/reservations/new/hotel",
  "/reservations/list",
  "/reservations/reservation-details/7001",
  "/reservations/modify-date-reservation/7001",
  "/reservations/modify-room-reservation/7001",
  "/reservations/modify-flight-reservation/7001",
  "/orders",
  "/orders/order-details/3001",
  "/orders/order-details/3001/receipt",
  "/orders/order-details/3001/tickets/15001",
  "/payments",
  "/payments?tab=cash",
  "/transactions",
  "/no-such-page",
];

for (const language of ["English", "فارسی"] as const) {
  test(`no page scrolls sideways at 390 px (${language})`, async ({ portal, page }) => {
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    await portal.signIn();
    if (language === "فارسی") await portal.switchLanguage(language);
    for (const path of SIGNED_IN_PAGES) {
      await portal.visit(path);
      await expect(page.getByRole("main")).toBeVisible();
      expect(await overflow(), path).toBeLessThanOrEqual(0);
      const menu = await page.getByTestId("side-menu").boundingBox();
      expect(menu!.width, `${path}: the menu is the icon rail`).toBeLessThanOrEqual(57);
    }
    // The rail still names every item for screen readers and keyboard users.
    await expect(
      page.getByRole("navigation").getByRole("link", { name: /Requests|درخواست‌ها/ }),
    ).toBeVisible();
    // Signed out, the language kept: the public pages.
    await page.context().clearCookies({ name: "__session" });
    for (const path of PUBLIC_PAGES) {
      await portal.visit(path);
      expect(await overflow(), path).toBeLessThanOrEqual(0);
    }
  });
}
