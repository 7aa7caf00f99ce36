import type { Page } from "@playwright/test";
import type { SandboxState } from "#sandbox/model";
import { downloadedFile, ENGINE_SPECIFIC, expect, isBidiFirefox, test } from "./fixtures";
import { paymentsDueSoon } from "./journeys";

function demoRequests(state: SandboxState) {
  return state.requests.filter((request) => request.agencyId === 1);
}

test.describe("dashboard", () => {
  test("counters match the provider's data and open the filtered requests list", async ({
    portal,
    page,
    sandbox,
  }) => {
    const requests = demoRequests(await sandbox.state());
    await portal.signIn();
    for (const state of ["New", "PaymentPending", "Confirmed", "Rejected"] as const) {
      const counter = page.getByTestId(`counter-${state}`);
      await expect(counter).toContainText(
        String(requests.filter((request) => request.state === state).length),
      );
      await expect(counter).toHaveAttribute("href", `/reservations/list?state=${state}`);
    }
    const chart = page.getByRole("img", { name: /^Requests by state:/ });
    await expect(chart).toHaveAttribute("aria-label", /Payment pending: 4/);
    await expect(chart).toHaveAttribute("aria-label", /Settled: 1/);
  });

  test("/ shows the same dashboard", async ({ portal, page }) => {
    await portal.signInDirectly();
    await portal.visit("/");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("counter-Confirmed")).toContainText("5");
  });

  test(
    "a package price list downloads as a file and the provider logs it",
    ENGINE_SPECIFIC,
    async ({ portal, page, sandbox }) => {
      await portal.signIn();
      const card = page.getByTestId("package-card").filter({ hasText: "Dubai Shopping Festival" });
      await expect(card).toContainText("Marina Pearl Resort · Dubai ★★★★★ 5 stars");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        card.getByRole("button", { name: /Download price list/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("price-list-dubai-shopping-festival.pdf");
      const file = await downloadedFile(download);
      expect(file.subarray(0, 5).toString()).toBe("%PDF-");
      expect(file.toString("latin1")).toContain("Marina Pearl Resort");
      // The log is written once the file is on its way, without holding the download up.
      await expect
        .poll(async () => (await sandbox.state()).downloadLogs)
        .toEqual([expect.objectContaining({ packageId: 2, userName: "demo" })]);
      // The page is still there, and still works.
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    },
  );

  test("a price list the provider cannot send is not logged as downloaded", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signIn();
    await sandbox.fault({ path: "/api/AccommodationPackageClient", method: "GET", status: 503 });
    // The package list itself comes from the same path: take the form from a healthy dashboard.
    const card = page.getByTestId("package-card").filter({ hasText: "Dubai Shopping Festival" });
    await card.getByRole("button", { name: /Download price list/ }).click();
    await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toContainText(
      "The booking service is not answering right now",
    );
    expect((await sandbox.state()).downloadLogs).toEqual([]);
  });

  test("a request state the portal does not know shows readably, in the portal's order", async ({
    portal,
    page,
    sandbox,
  }) => {
    await sandbox.fault({
      path: "/api/DashboardClient",
      model: "RequestStateCounts",
      status: 200,
      body: [
        { State: "Settled", Count: 1 },
        { State: "Canceled", Count: 2 },
        { State: "New", Count: 3 },
      ],
    });
    await portal.signIn();
    const chart = page.getByRole("img", { name: /^Requests by state:/ });
    await expect(chart).toHaveAttribute(
      "aria-label",
      "Requests by state: Invoiced: 3, Settled: 1, Canceled: 2",
    );
    await expect(chart).not.toContainText("requestStates");
  });

  test("provider texts keep their own direction in Persian", async ({ portal, page }) => {
    await portal.signIn();
    await portal.switchLanguage("فارسی");
    const announcement = page.getByTestId("widget-announcements").getByRole("heading").first();
    await expect(announcement).toHaveAttribute("dir", "auto");
    const packageTitle = page.getByTestId("package-card").first().locator("h3 bdi");
    await expect(packageTitle).toHaveText(/\w/);
    await expect(page.getByTestId("agency-name")).toHaveAttribute("dir", "auto");
  });

  test("unread messages link to their request", async ({ portal, page, sandbox }) => {
    const unread = demoRequests(await sandbox.state()).filter((request) =>
      request.notes.some((note) => note.isBroker && !note.isRead),
    );
    await portal.signIn();
    const widget = page.getByTestId("widget-unread-notes");
    await expect(widget.getByRole("link")).toHaveCount(unread.length);
    const first = unread[0];
    await expect(
      widget.getByRole("link", { name: new RegExp(`Request ${first.requestNumber}`) }),
    ).toHaveAttribute("href", `/reservations/reservation-details/${first.id}`);
  });

  for (const language of ["en", "fa"] as const)
    test(`payments due in the next 48 hours, the soonest first, in both calendars (${language})`, async ({
      portal,
      page,
      sandbox,
    }) => {
      const expected = paymentsDueSoon(await sandbox.state());
      expect(expected.length).toBeGreaterThan(1);
      // A large agency: 400 more requests waiting for payment, none due soon (9 pages of 50).
      await sandbox.addWaitingRequests(1, 400);
      await portal.signIn();
      if (language === "fa") await portal.switchLanguage("فارسی");
      const widget = page.getByTestId("widget-payments-due-soon");
      const links = widget.getByRole("link");
      await expect(links).toHaveCount(expected.length);
      for (const [index, request] of expected.entries()) {
        await expect(links.nth(index)).toHaveAttribute(
          "href",
          `/reservations/reservation-details/${request.id}`,
        );
        await expect(links.nth(index)).toContainText(request.requestNumber);
      }
      // Both calendars, whatever the page's: the Gregorian year and the Jalali one. (Waited for:
      // with JS the page's language may change a moment before the widget's texts do.)
      await expect(widget).toContainText(language === "fa" ? "مهلت:" : "due in ");
      await expect(widget).toContainText(language === "fa" ? /۲۰۲[۶۷]/ : /202[67]/);
      await expect(widget).toContainText(language === "fa" ? /۱۴۰[۵۶]/ : /140[56]/);

      // Paid (or confirmed) meanwhile: gone at the next look. The menu's count and the widget
      // share one call to the provider's list, filtered by deadline: one page.
      await sandbox.setRequestState(expected[0].id, "Confirmed");
      const { length: before } = await sandbox.calls();
      await portal.visit("/dashboard");
      await expect(widget.getByRole("link")).toHaveCount(expected.length - 1);
      const gridCalls = (await sandbox.calls())
        .slice(before)
        .filter((call) => call.path === "/api/AccommodationReserveRequestClient");
      expect(gridCalls).toHaveLength(1);
    });

  for (const [language, overdue] of [
    ["en", "overdue: was due"],
    ["fa", "مهلت گذشته:"],
  ] as const)
    test(`a payment past its deadline comes first, marked overdue, and counts in the menu (${language})`, async ({
      portal,
      page,
      sandbox,
    }) => {
      const state = await sandbox.state();
      const due = paymentsDueSoon(state);
      const late = state.requests.find(
        (request) => request.agencyId === 1 && !due.some((soon) => soon.id === request.id),
      )!;
      await sandbox.setRequestState(late.id, "PaymentPending");
      // A day ago, whatever the provider's time zone.
      await sandbox.setPaymentDeadline(
        late.id,
        new Date(Date.now() - 24 * 3_600_000).toISOString().slice(0, 19),
      );
      await portal.signIn();
      if (language === "fa") await portal.switchLanguage("فارسی");
      const links = page.getByTestId("widget-payments-due-soon").getByRole("link");
      await expect(links).toHaveCount(due.length + 1);
      await expect(links.first()).toHaveAttribute(
        "href",
        `/reservations/reservation-details/${late.id}`,
      );
      await expect(links.first()).toContainText(overdue);
      await expect(links.nth(1)).not.toContainText(overdue);
      await expect(page.getByTestId("payments-due-count")).toHaveText(
        language === "fa"
          ? String(due.length + 1).replace(/\d/g, (digit) => "۰۱۲۳۴۵۶۷۸۹"[Number(digit)])
          : String(due.length + 1),
      );
    });

  test("with no payment due soon, a placeholder says so", async ({ portal, page, sandbox }) => {
    await sandbox.fault({
      path: "/api/AccommodationReserveRequestClient",
      model: "ReserveRequestGrid",
      status: 200,
      body: { Items: [], TotalCount: 0 },
    });
    await portal.signIn();
    await expect(page.getByTestId("widget-payments-due-soon")).toContainText(
      "No payment is overdue or due in the next 48 hours.",
    );
  });

  test("with nothing unread, a placeholder says so", async ({ portal, page, sandbox }) => {
    await sandbox.fault({
      path: "/api/DashboardClient",
      model: "DashboardUnreadNotes",
      status: 200,
      body: [],
    });
    await portal.signIn();
    await expect(page.getByTestId("widget-unread-notes")).toContainText(
      "You have read every message from the provider.",
    );
  });

  test("one failing provider call costs one widget, not the page", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signIn();
    await sandbox.fault({ path: "/api/AccommodationPackageClient", status: 503 });
    await portal.visit("/dashboard");
    const packages = page.getByTestId("widget-packages");
    await expect(packages.getByRole("alert")).toContainText(
      "The booking service is not answering right now",
    );
    await expect(packages.getByRole("link", { name: "Try again" })).toBeVisible();
    await expect(page.getByTestId("counter-Confirmed")).toContainText("5");
    await expect(page.getByTestId("widget-unread-notes").getByRole("link").first()).toBeVisible();
    await expect(page.getByTestId("widget-commissions").getByRole("table").first()).toBeVisible();
    await expect(page.getByTestId("banner-row").getByRole("img").first()).toBeVisible();
  });

  for (const [language, named] of [
    ["en", "The chart of requests by state could not be loaded."],
    ["fa", "نمودار درخواست‌ها بر اساس وضعیت بارگذاری نشد."],
  ] as const)
    test(`a chart that cannot be loaded says which, the counters stay (${language})`, async ({
      portal,
      page,
      sandbox,
    }) => {
      await portal.signIn();
      if (language === "fa") await portal.switchLanguage("فارسی");
      await sandbox.fault({
        path: "/api/DashboardClient",
        model: "RequestStateCounts",
        status: 404,
      });
      await portal.visit("/dashboard");
      await expect(page.getByTestId("widget-request-overview").getByRole("alert")).toContainText(
        named,
      );
      await expect(page.getByTestId("counter-Confirmed")).toBeVisible();
    });

  test("banners are served through the portal with alt text", async ({ portal, page }) => {
    await portal.signIn();
    const banner = page.getByRole("img", { name: "Istanbul autumn deals" });
    await expect(banner).toHaveAttribute("src", "/dashboard/banners/istanbul-autumn.svg");
    const response = await page.request.get("/dashboard/banners/istanbul-autumn.svg");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/svg+xml");
    expect(response.headers()["cache-control"]).toContain("max-age=86400");
  });

  test("banner files named with spaces or Persian letters load; paths outside are refused", async ({
    portal,
    page,
  }) => {
    await portal.signIn();
    for (const name of ["kish island 2026.svg", "دبی.svg"]) {
      const src = `/dashboard/banners/${encodeURIComponent(name)}`;
      await expect(page.locator(`img[src="${src}"]`)).toHaveCount(1);
      const response = await page.request.get(src);
      expect(response.status(), name).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/svg+xml");
    }
    for (const hostile of [
      "..%2F..%2Fapi%2FClient",
      "%2E%2E%2Fapi%2FClient",
      "..%5C..%5Capi",
      "a%00.svg",
    ]) {
      const response = await page.request.get(`/dashboard/banners/${hostile}`);
      expect(response.status(), hostile).toBe(404);
    }
  });

  test("refresh reloads the data and the last-update time", async ({ portal, page, sandbox }) => {
    await portal.signIn();
    await expect(page.getByTestId("counter-Rejected")).toContainText("2");
    const state = await sandbox.state();
    const confirmed = demoRequests(state).find((request) => request.state === "Confirmed")!;
    await sandbox.setRequestState(confirmed.id, "Rejected");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByTestId("counter-Rejected")).toContainText("3");
    await expect(page.getByTestId("counter-Confirmed")).toContainText("4");
    await expect(page.getByTestId("last-update")).toHaveAttribute("datetime", /T/);
  });

  test(
    "in Persian: Jalali dates, Persian digits, right-to-left chart",
    ENGINE_SPECIFIC,
    async ({ portal, page }) => {
      await portal.signIn();
      await portal.switchLanguage("فارسی");
      await expect(page.getByRole("heading", { name: "داشبورد", level: 1 })).toBeVisible();
      await expect(page.getByTestId("counter-Confirmed")).toContainText("۵");
      await expect(page.getByTestId("package-card").first()).toContainText(/۱۴۰[۵۶]/);
      await expect(page.getByRole("img", { name: /^درخواست‌ها بر اساس وضعیت/ })).toBeVisible();
      await expect(page.getByTestId("widget-unread-notes")).toContainText("پیام جدید");
    },
  );
});

test.describe("a banner when the provider ends the session", () => {
  test("answers 401 instead of the sign-in page, and the next page says the session ended", async ({
    portal,
    page,
    sandbox,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "a picture's answer is the server's: one run is enough");
    await portal.signInDirectly();
    await sandbox.expireTokens();
    const picture = await page.request.get("/dashboard/banners/istanbul-autumn.svg", {
      maxRedirects: 0,
    });
    expect(picture.status()).toBe(401);
    expect(picture.headers()["location"]).toBeUndefined();
    // The session is left to the next page: a browser that drops the picture's answer unread (the
    // user moved on) loses nothing, where cookies ending the session here would lose the message.
    expect(picture.headers()["set-cookie"]).toBeUndefined();
    await portal.visit("/dashboard");
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByTestId("snackbar")).toContainText("Your session has ended");
  });
});

test.describe("dashboard banners with JavaScript", ENGINE_SPECIFIC, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "auto-advance is an enhancement");

  test("advance on their own", async ({ portal, page }) => {
    await countAdvances(page);
    await page.clock.install();
    await portal.signInDirectly();
    await portal.visit("/dashboard");
    const row = page.getByTestId("banner-row");
    const scrolled = () => row.evaluate((element) => Math.abs(element.scrollLeft));
    expect(await scrolled()).toBe(0);
    await page.clock.runFor(7500);
    expect(await advances(page)).toBe(1);
    await expect.poll(scrolled).toBeGreaterThan(100);
  });

  test("stay put for users who ask for reduced motion", async ({ portal, page, browserName }) => {
    test.skip(
      isBidiFirefox(browserName),
      "WebDriver BiDi in Playwright 1.56: emulateMedia({ reducedMotion }) does not reach the page",
    );
    await countAdvances(page);
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await portal.signInDirectly();
    await portal.visit("/dashboard");
    const row = page.getByTestId("banner-row");
    await page.clock.runFor(15000);
    expect(await advances(page)).toBe(0);
    expect(await row.evaluate((element) => Math.abs(element.scrollLeft))).toBe(0);
  });

  test("stay put while the keyboard is on them", async ({ portal, page }) => {
    await countAdvances(page);
    await page.clock.install();
    await portal.signInDirectly();
    await portal.visit("/dashboard");
    const row = page.getByTestId("banner-row");
    await row.focus();
    await page.clock.runFor(15000);
    expect(await advances(page)).toBe(0);
    await row.blur();
    // The next advance is due within one period (7 s) of the blur, wherever the interval's phase
    // lies: the clock moves on a second at a time, eight times at most.
    let moved = 0;
    for (let second = 1; second <= 8 && moved === 0; second += 1) {
      await page.clock.runFor(1000);
      moved = await advances(page);
    }
    expect(moved, "moves on within a period once the keyboard has left").toBeGreaterThanOrEqual(1);
  });
});

/**
 * A smooth scroll starts a frame or more after it is asked for, so a scroll position read at once
 * cannot tell "stays put" from "about to move": every page of the test counts the moves asked
 * for (the row's `scrollBy`), which happen inside the fake clock's run.
 */
async function countAdvances(page: Page) {
  await page.addInitScript(() => {
    const scrollBy = Element.prototype.scrollBy;
    const counted = window as unknown as { bannerAdvances: number };
    counted.bannerAdvances = 0;
    Element.prototype.scrollBy = function (this: Element, ...args: unknown[]) {
      counted.bannerAdvances += 1;
      return (scrollBy as (...args: unknown[]) => void).apply(this, args);
    } as typeof scrollBy;
  });
}

function advances(page: Page) {
  return page.evaluate(() => (window as unknown as { bannerAdvances: number }).bannerAdvances);
}
