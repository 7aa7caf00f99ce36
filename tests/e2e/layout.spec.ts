import type { Page } from "@playwright/test";
import type { SandboxState } from "#sandbox/model";
import { NOTES_POLL_MS } from "~/components/notes-thread";
import { toPersianDigits } from "~/utils/format/numbers";
import { ENGINE_SPECIFIC, expect, isBidiFirefox, startPortalInstance, test } from "./fixtures";
import { paymentsDueSoon } from "./journeys";

test.describe("main layout", () => {
  test("shows the menu, today's dates and the version, and marks the current page", async ({
    portal,
    page,
  }) => {
    await portal.signIn();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    for (const item of ["Dashboard", "Requests", "Contracts", "Payments", "Transactions"]) {
      await expect(menu.getByRole("link", { name: new RegExp(`^${item}`) })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("link", { name: "New Request" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Verify Email" })).toBeVisible();
    await expect(page.getByText("Version 3.15.1")).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
    const today = page.getByTestId("today");
    await expect(today).toContainText(String(new Date().getFullYear()));
    await expect(today).toContainText(/14\d\d/); // the Jalali year
  });

  test(
    "JavaScript is on or off as the project says: Remix's context is there or not",
    ENGINE_SPECIFIC,
    async ({ portal, page }) => {
      await portal.signInDirectly();
      await portal.visit("/dashboard");
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      // Set by an inline script while the page is parsed: there before any module loads, or never.
      const context = await page.evaluate(
        () => typeof (window as unknown as { __remixContext?: unknown }).__remixContext,
      );
      expect(context).toBe(portal.javaScriptEnabled ? "object" : "undefined");
      await expect(page.locator("html[data-hydrated]")).toHaveCount(
        portal.javaScriptEnabled ? 1 : 0,
      );
    },
  );

  test(
    "the menu collapses to mini mode and remembers it",
    ENGINE_SPECIFIC,
    async ({ portal, page }) => {
      await portal.signIn();
      const menu = page.getByTestId("side-menu");
      await expect(menu).toHaveAttribute("data-mode", "full");
      await page.getByRole("button", { name: "Collapse menu" }).click();
      await expect(menu).toHaveAttribute("data-mode", "mini");
      await expect(page.getByTestId("user-name")).toHaveCount(0);
      // A new page straight away, without waiting on anything: the mode the user sees holds.
      await portal.visit("/changePassword");
      await expect(page.getByTestId("side-menu")).toHaveAttribute("data-mode", "mini");
      await page.getByRole("button", { name: "Expand menu" }).click();
      await expect(page.getByTestId("side-menu")).toHaveAttribute("data-mode", "full");
      await expect(page).toHaveURL(/\/changePassword$/);
    },
  );

  test("a menu item clicked right after collapsing keeps mini mode", async ({ portal, page }) => {
    await portal.signIn();
    await page.getByRole("button", { name: "Collapse menu" }).click();
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Contracts" })
      .click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByTestId("side-menu")).toHaveAttribute("data-mode", "mini");
    await page.reload();
    await expect(page.getByTestId("side-menu")).toHaveAttribute("data-mode", "mini");
  });

  test("switching to Persian flips the page to right-to-left and back", async ({
    portal,
    page,
  }) => {
    await portal.signInDirectly();
    await portal.visit("/changePassword");
    await portal.switchLanguage("فارسی");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveURL(/\/changePassword$/);
    await expect(page.getByRole("heading", { name: "تغییر رمز عبور" })).toBeVisible();
    await expect(page.getByRole("link", { name: "داشبورد" })).toBeVisible();
    // Jalali date with Persian digits in the top bar, and the footer's year in the same calendar.
    await expect(page.getByTestId("today")).toContainText(/۱۴[۰-۹]{2}/);
    const jalaliYear = new Intl.DateTimeFormat("fa-IR-u-ca-persian", { year: "numeric" }).format(
      new Date(),
    );
    await expect(page.getByTestId("side-menu")).toContainText(`© ${jalaliYear}`);
    // The side menu sits at the start side: the right in RTL (of the page's width, less a
    // scrollbar where the engine draws one beside a page taller than the window).
    const menuBox = await page.getByTestId("side-menu").boundingBox();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(menuBox!.x + menuBox!.width).toBeGreaterThan(width - 5);

    await portal.switchLanguage("English");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  });

  test("the footer's year is the configured one when APP_COPYRIGHT_YEAR is set", async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "the server's page: one run is enough");
    const instance = await startPortalInstance({ APP_COPYRIGHT_YEAR: "2031" });
    await portal.signInDirectly();
    const html = await (await page.request.get(`${instance.url}/dashboard`)).text();
    expect(html).toContain("© 2031");
    await instance.kill();
  });

  test("an unknown address shows a 404 inside the layout", async ({ portal, page }) => {
    await portal.signIn();
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  });
});

test.describe("main layout when the provider cannot give the profile", () => {
  test("the page still loads, with a notice instead of the user's name", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signIn();
    await sandbox.fault({ path: "/api/Client", model: "UserProfileData", status: 503 });
    const response = await page.goto("/changePassword");
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("profile-unavailable")).toContainText(
      "Your name and agency could not be loaded just now",
    );
    await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveCount(0);
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

/** What the menu's "Requests" says after its unread notes: the payments due soon, if any. */
const DUE_SUFFIX = "(?:\\s*, \\d+ payments? overdue or due within 48 hours)?";

test.describe("unread notes in the menu", () => {
  /** The provider's notes the demo agency has not read, as the sandbox holds them. */
  const unreadNotes = (state: SandboxState) =>
    state.requests
      .filter((request) => request.agencyId === 1)
      .flatMap((request) => request.notes)
      .filter((note) => note.isBroker && !note.isRead).length;
  /** "Requests, 6 unread notes" (a screen reader may pause before the comma), then what is due. */
  const unreadName = (count: number) =>
    new RegExp(`^Requests\\s*, ${count} unread notes${DUE_SUFFIX}$`);
  const requestsItem = (page: Page) =>
    page.getByRole("navigation", { name: /Main menu|منوی اصلی/ }).getByRole("link", {
      name: /^(Requests|درخواست‌ها)/,
    });

  test("every page counts them beside Requests, and a details page's poll keeps the count", async ({
    portal,
    page,
    sandbox,
    javaScriptEnabled,
  }) => {
    // The page's clock, moved on to the next notes poll instead of waited for.
    if (javaScriptEnabled) await page.clock.install();
    await portal.signInDirectly();
    const unread = unreadNotes(await sandbox.state());
    expect(unread).toBeGreaterThan(1);
    await portal.visit("/orders");
    await expect(requestsItem(page)).toHaveAccessibleName(unreadName(unread));
    await expect(page.getByTestId("unread-notes-count")).toHaveText(String(unread));

    // A note arrives; the next page the user opens (through the menu) counts it.
    await sandbox.addProviderNote(7002, "Your rooms are ready.");
    await requestsItem(page).click();
    await expect(page).toHaveURL(/\/reservations\/list$/);
    await expect(requestsItem(page)).toHaveAccessibleName(unreadName(unread + 1));

    // Opening the request reads its note: the menu counts the others.
    await portal.visit("/reservations/reservation-details/7002");
    await expect(page.locator('[data-from="provider"]')).toContainText("Your rooms are ready.");
    await expect(requestsItem(page)).toHaveAccessibleName(unreadName(unread));

    // One more arrives on another request while the details page is open.
    await sandbox.addProviderNote(7004, "Transfer driver booked.");
    if (javaScriptEnabled) await page.clock.fastForward(NOTES_POLL_MS);
    else await page.getByRole("link", { name: "Refresh notes" }).click();
    await expect(requestsItem(page)).toHaveAccessibleName(unreadName(unread + 1));
  });

  test("in Persian, with Persian digits", async ({ portal, page, sandbox }) => {
    await portal.signInDirectly();
    await portal.chooseLanguageDirectly("fa");
    const unread = unreadNotes(await sandbox.state());
    await portal.visit("/payments");
    const digits = toPersianDigits(String(unread));
    await expect(requestsItem(page)).toHaveAccessibleName(
      new RegExp(`^درخواست‌ها\\s*، ${digits} یادداشت خوانده‌نشده(?:\\s*، .+)?$`),
    );
    await expect(page.getByTestId("unread-notes-count")).toHaveText(digits);
  });

  test("when the provider cannot count them, the menu goes without the number", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signInDirectly();
    await sandbox.fault({
      path: "/api/DashboardClient",
      model: "DashboardUnreadNotes",
      status: 503,
    });
    const response = await page.goto("/transactions");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transactions");
    await expect(requestsItem(page)).toHaveAccessibleName(new RegExp(`^Requests${DUE_SUFFIX}$`));
    await expect(page.getByTestId("unread-notes-count")).toHaveCount(0);
  });
});

test.describe("payments due in the menu", () => {
  test("Requests counts the payments overdue or due within 48 hours, asked for once a minute from page to page, and a paid one leaves the count at the dashboard", async ({
    portal,
    page,
    sandbox,
  }) => {
    const due = paymentsDueSoon(await sandbox.state());
    expect(due.length).toBeGreaterThan(1);
    await portal.signInDirectly();
    await portal.visit("/orders");
    const requests = page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: /^Requests/ });
    await expect(requests).toHaveAccessibleName(
      new RegExp(`, ${due.length} payments overdue or due within 48 hours$`),
    );
    await expect(page.getByTestId("payments-due-count")).toHaveText(String(due.length));
    await sandbox.setRequestState(due[0].id, "ConfirmationPending");
    // The next pages within the minute: the session's count, no call to the provider's list.
    const gridCallsOf = async (visit: () => Promise<void>) => {
      const { length: before } = await sandbox.calls();
      await visit();
      return (await sandbox.calls())
        .slice(before)
        .filter((call) => call.answerModel === "ReserveRequestGrid").length;
    };
    expect(await gridCallsOf(() => portal.visit("/transactions"))).toBe(0);
    await expect(page.getByTestId("payments-due-count")).toHaveText(String(due.length));
    // The dashboard, where the payments themselves are, always asks; its count is the one kept.
    expect(await gridCallsOf(() => portal.visit("/dashboard"))).toBe(1);
    await expect(page.getByTestId("payments-due-count")).toHaveText(String(due.length - 1));
    expect(await gridCallsOf(() => portal.visit("/orders"))).toBe(0);
    await expect(page.getByTestId("payments-due-count")).toHaveText(String(due.length - 1));
  });

  test("past its minute, the menu's count is asked for again on the next page", async ({
    portal,
    page,
    sandbox,
    javaScriptEnabled,
    browserName,
  }) => {
    test.skip(
      javaScriptEnabled || isBidiFirefox(browserName),
      "the server's reuse of its count: one engine, one mode",
    );
    // A portal of the worker's (its sessions, its cookies) that keeps the count two seconds.
    const instance = await startPortalInstance({ MENU_COUNT_REUSE_SECONDS: "2" });
    try {
      const due = paymentsDueSoon(await sandbox.state());
      await portal.signInDirectly();
      await page.goto(`${instance.url}/orders`);
      await expect(page.getByTestId("payments-due-count")).toHaveText(String(due.length));
      await sandbox.setRequestState(due[0].id, "ConfirmationPending");
      // Pages after it: the kept count, until its time is up; then one call and the new count.
      await expect
        .poll(
          async () => {
            const { length: before } = await sandbox.calls();
            await page.goto(`${instance.url}/transactions`);
            return (await sandbox.calls())
              .slice(before)
              .filter((call) => call.answerModel === "ReserveRequestGrid").length;
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      await expect(page.getByTestId("payments-due-count")).toHaveText(String(due.length - 1));
    } finally {
      await instance.kill();
    }
  });
});
