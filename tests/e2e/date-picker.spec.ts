import dayjs from "dayjs";
import { formatDateInput } from "~/utils/format/date-input";
import { violationsOf } from "./accessibility";
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The date picker: with JS a button beside a date field opens a month grid in the page's calendar
 * with the other calendar's day under each date; without JS the field is the typed field it was.
 */

// A picker's month drawn in Firefox beside a CPU hog: 22.5 s for the Persian one (9.4 s quiet), so
// 90 s.
test.describe.configure({ timeout: 90_000 });

/** The provider's today (the test portals' PROVIDER_TIME_ZONE), `ago` ms before now. */
const providerToday = (ago = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tehran" }).format(Date.now() + ago);

/** The picker button beside a date field, which names the field in its description. */
const pickerOf = (field: Locator) => field.locator("xpath=following-sibling::button");

const dayAfter = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The same day `months` on in the Gregorian calendar, or that month's last day. */
const addMonths = (iso: string, months: number) =>
  dayjs(iso).add(months, "month").format("YYYY-MM-DD");

test.describe("date picker", () => {
  test("without JavaScript the date stays a field to type in, with no picker", async ({
    portal,
    page,
  }) => {
    test.skip(portal.javaScriptEnabled, "the picker is an enhancement");
    await portal.signInDirectly();
    await portal.visit("/reservations/new/hotel");
    await expect(page.getByLabel("Check-in date")).toHaveAttribute("type", "text");
    await expect(page.getByRole("button", { name: "Choose on a calendar" })).toHaveCount(0);
  });

  test("Alt+↓ in a date field opens its picker; the chosen day fills it and the focus is back in it", async ({
    portal,
    page,
  }) => {
    test.skip(!portal.javaScriptEnabled, "the picker is an enhancement");
    await portal.signInDirectly();
    await portal.visit("/reservations/new/hotel");
    const checkIn = page.getByLabel("Check-in date");
    await expect(checkIn).toHaveAttribute("aria-keyshortcuts", "Alt+ArrowDown");
    await checkIn.focus();
    await page.keyboard.press("Alt+ArrowDown");
    const dialog = page.getByRole("dialog", { name: "Check-in date" });
    const today = dialog.getByRole("grid").locator('[aria-current="date"]');
    await expect(today).toBeFocused();
    const date = (await today.getAttribute("data-date"))!;
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(checkIn).toBeFocused();
    await expect(checkIn).toHaveValue(formatDateInput(dayAfter(date, 1), "en"));
  });

  test("a stay picked with the keyboard: past days refused, the nights shown, both calendars", async ({
    portal,
    page,
  }) => {
    test.skip(!portal.javaScriptEnabled, "the picker is an enhancement");
    // Both fields, both calendars, key by key: up to 22 s in Firefox beside a CPU hog.
    test.setTimeout(90_000);
    await portal.signInDirectly();
    await portal.visit("/reservations/new/hotel");
    await pickerOf(page.getByLabel("Check-in date")).click();
    const dialog = page.getByRole("dialog", { name: "Check-in date" });
    // (The dialog element itself has no box: its backdrop and panel are fixed in the viewport.)
    await expect(dialog.getByTestId("date-picker")).toBeVisible();
    const grid = dialog.getByRole("grid");
    // Today is the provider's (its time zone), marked and focused; yesterday is refused.
    const todayCell = grid.locator('[aria-current="date"]');
    await expect(todayCell).toBeFocused();
    const today = (await todayCell.getAttribute("data-date"))!;
    expect([providerToday(), providerToday(-60_000)]).toContain(today);
    // Yesterday (the month before, on the 1st) can be reached, but not chosen.
    await page.keyboard.press("ArrowLeft");
    const yesterday = grid.locator(`[data-date="${dayAfter(today, -1)}"]`);
    await expect(yesterday).toBeFocused();
    await expect(yesterday).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Enter");
    await expect(dialog.getByTestId("date-picker")).toBeVisible();
    // (Behind the modal dialog the field is out of the accessibility tree: found by its name.)
    await expect(page.locator('input[name="checkIn"]')).toHaveValue("");
    await page.keyboard.press("ArrowRight");
    await expect(todayCell).toBeFocused();
    // Each day is named in both calendars: "Thursday 10 December 2026 (19 Azar 1405 AP)".
    await expect(todayCell).toHaveAccessibleName(/\d{4}.*\(.*14\d\d/);
    expect(await violationsOf(page)).toEqual([]);

    // Down a week and on a day: ten days from now.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(grid.locator(`[data-date="${dayAfter(today, 10)}"]`)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    // Back on the button that opened it, as after Escape: not at the page's start.
    await expect(pickerOf(page.getByLabel("Check-in date"))).toBeFocused();
    await expect(page.getByLabel("Check-in date")).toHaveValue(
      formatDateInput(dayAfter(today, 10), "en"),
    );

    // The check-out starts the day after check-in, and counts the nights as the focus moves.
    await pickerOf(page.getByLabel("Check-out date")).click();
    const checkOut = page.getByRole("dialog", { name: "Check-out date" });
    await expect(checkOut.locator(`[data-date="${dayAfter(today, 11)}"]`)).toBeFocused();
    await expect(checkOut.getByTestId("date-picker-nights")).toHaveText("1 night");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(checkOut.getByTestId("date-picker-nights")).toHaveText("3 nights");
    // The check-in day itself is refused here.
    await expect(checkOut.locator(`[data-date="${dayAfter(today, 10)}"]`)).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    // A month on and back (a 31st comes back as the month's last day), then the week's ends.
    const focused = checkOut.locator("[data-date]:focus");
    const monthOn = addMonths(dayAfter(today, 13), 1);
    await page.keyboard.press("PageDown");
    await expect(focused).toHaveAttribute("data-date", monthOn);
    await page.keyboard.press("PageUp");
    await expect(focused).toHaveAttribute("data-date", addMonths(monthOn, -1));
    const inColumn = (column: "first" | "last") =>
      checkOut.locator(`tr > td:${column}-child > [data-date]:focus`);
    await page.keyboard.press("End");
    await expect(inColumn("last")).toHaveCount(1);
    await page.keyboard.press("Home");
    await expect(inColumn("first")).toHaveCount(1);
    await page.keyboard.press("End");
    await expect(inColumn("last")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(checkOut).toBeHidden();
    await expect(page.getByLabel("Check-out date")).toHaveValue("");
    await pickerOf(page.getByLabel("Check-out date")).click();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Check-out date")).toHaveValue(
      formatDateInput(dayAfter(today, 13), "en"),
    );
  });

  test("in Persian: the Jalali month, the Gregorian day under each date, right to left", async ({
    portal,
    page,
  }) => {
    test.skip(!portal.javaScriptEnabled, "the picker is an enhancement");
    await portal.signInDirectly();
    await portal.chooseLanguageDirectly("fa");
    await portal.visit("/reservations/new/hotel");
    await pickerOf(page.getByLabel("تاریخ ورود")).click();
    const dialog = page.getByRole("dialog", { name: "تاریخ ورود" });
    await expect(dialog.getByTestId("date-picker")).toBeVisible();
    await expect(dialog).toContainText(/۱۴۰[۵۶]/);
    const todayCell = dialog.locator('[aria-current="date"]');
    const today = (await todayCell.getAttribute("data-date"))!;
    // The Jalali day, then the Gregorian one, in Persian digits.
    const gregorianDay = new Intl.NumberFormat("fa-IR").format(Number(today.slice(8)));
    await expect(todayCell.locator('span[aria-hidden="true"]').nth(1)).toHaveText(gregorianDay);
    // Left is the next day in a right-to-left grid.
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.locator(`[data-date="${dayAfter(today, 1)}"]`)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("تاریخ ورود")).toHaveValue(
      formatDateInput(dayAfter(today, 1), "fa"),
    );
    // The check-out's nights, in Persian words and digits, as the focus moves.
    await pickerOf(page.getByLabel("تاریخ خروج")).click();
    const checkOut = page.getByRole("dialog", { name: "تاریخ خروج" });
    await expect(checkOut.getByTestId("date-picker-nights")).toHaveText("۱ شب");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(checkOut.getByTestId("date-picker-nights")).toHaveText("۳ شب");
    expect(await violationsOf(page)).toEqual([]);
  });

  test("on a phone (390 px) the month fits the screen", async ({ portal, page }) => {
    test.skip(!portal.javaScriptEnabled, "the picker is an enhancement");
    await page.setViewportSize({ width: 390, height: 844 });
    await portal.signInDirectly();
    await portal.visit("/reservations/new/hotel");
    await pickerOf(page.getByLabel("Check-in date")).click();
    const panel = page.getByTestId("date-picker");
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
