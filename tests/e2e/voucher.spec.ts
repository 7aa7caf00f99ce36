import { REQUEST_STATES, type SandboxState } from "#sandbox/model";
import { wizardSteps } from "#tests/pages";
import { expect, test, type Portal, type Sandbox } from "./fixtures";

/**
 * The traveller's voucher of a confirmed request: English and Persian side by side, both
 * calendars, one A4 page, and never a price; refused for a request in any other state.
 */

test.describe.configure({ timeout: 60_000 });

/** A confirmed request of the demo agency in the seed, with one room and a transfer. */
const CONFIRMED = 7013;
/** A request the provider has not confirmed. */
const NOT_CONFIRMED = 7001;

function requestOf(state: SandboxState, id: number) {
  return state.requests.find((request) => request.id === id)!;
}

function hotelOf(state: SandboxState, accommodationPropertyId: number) {
  return state.hotels.find((hotel) => hotel.accommodationPropertyId === accommodationPropertyId)!;
}

/** What the voucher must never carry: the request's amounts as the details page writes them. */
async function pricesOnTheDetailsPage(portal: Portal, id: number) {
  await portal.visit(`/reservations/reservation-details/${id}`);
  const table = portal.page.getByTestId("price-table");
  const amounts = await table.locator("tbody td.text-end").allTextContents();
  const total = (await portal.page.getByTestId("request-total").textContent()) ?? "";
  return [...amounts, total.replace(/^[^:]*:\s*/, "")].map((text) => text.trim()).filter(Boolean);
}

/** Two rooms of one guest each, sent through the wizard's forms, then submitted and confirmed. */
async function confirmedTwoRoomRequest(portal: Portal, sandbox: Sandbox) {
  const [hotel, rooms, flights, review] = wizardSteps();
  expect((await portal.sendForm(hotel.path, hotel.moveOn!)).status(), hotel.path).toBe(302);
  const secondGuest: Record<string, string> = {
    firstName: "Reza",
    lastName: "Karimi",
    passportNumber: "P4001202",
    gender: "Male",
  };
  const secondRoom = Object.fromEntries(
    Object.entries(rooms.moveOn!).map(([name, value]) => [
      name.replace("rooms[0]", "rooms[1]"),
      secondGuest[name.split(".").pop()!] ?? value,
    ]),
  );
  const roomsSent = await portal.sendForm(rooms.path, { ...rooms.moveOn!, ...secondRoom });
  expect(roomsSent.status(), rooms.path).toBe(302);
  expect((await portal.sendForm(flights.path, flights.moveOn!)).status(), flights.path).toBe(302);
  const before = (await sandbox.state()).requests.length;
  await portal.visit(review.path);
  await portal.page.getByRole("button", { name: "Submit request" }).click();
  await portal.page.waitForURL(/\/reservations\/list$/);
  const state = await sandbox.state();
  expect(state.requests.length).toBe(before + 1);
  const created = state.requests.reduce((newest, request) =>
    request.id > newest.id ? request : newest,
  );
  expect(created.rooms).toHaveLength(2);
  await sandbox.setRequestState(created.id, "Confirmed");
  return created.id;
}

test.describe("voucher", () => {
  for (const language of ["en", "fa"] as const) {
    test(`a confirmed request's voucher, in English and Persian side by side, without a price (${language})`, async ({
      portal,
      page,
      sandbox,
    }) => {
      await portal.signInDirectly();
      await portal.chooseLanguageDirectly(language);
      const prices = await pricesOnTheDetailsPage(portal, CONFIRMED);
      expect(prices.length).toBeGreaterThan(0);
      const request = requestOf(await sandbox.state(), CONFIRMED);

      await page
        .getByRole("link", {
          name: language === "en" ? "Voucher for the traveller" : "واچر برای مسافر",
        })
        .click();
      await expect(page).toHaveURL(new RegExp(`/reservation-details/${CONFIRMED}/voucher$`));
      await portal.hydrated();
      const english = page.getByTestId("voucher-en");
      const persian = page.getByTestId("voucher-fa");
      await expect(english).toHaveAttribute("dir", "ltr");
      await expect(persian).toHaveAttribute("dir", "rtl");
      await expect(english.getByRole("heading", { name: "Hotel voucher" })).toBeVisible();
      await expect(persian.getByRole("heading", { name: "واچر هتل" })).toBeVisible();
      for (const column of [english, persian]) {
        await expect(column).toContainText(`HR-${CONFIRMED}`);
        await expect(column).toContainText("Parsian Travel");
        for (const guest of request.rooms[0].passengers)
          await expect(column).toContainText(`${guest.firstName} ${guest.lastName}`);
      }
      // Side by side at 1280 px: the Persian column beside the English one, not under it.
      const englishBox = (await english.boundingBox())!;
      const persianBox = (await persian.boundingBox())!;
      expect(Math.abs(englishBox.y - persianBox.y)).toBeLessThan(2);
      // Dates in both calendars in each column: the Gregorian year and the Jalali one.
      const year = request.checkIn.slice(0, 4);
      await expect(english).toContainText(year);
      await expect(english).toContainText(/14\d\d/);
      await expect(persian).toContainText(/۱۴۰[۰-۹]/);
      await expect(persian).toContainText(/۲۰۲[۰-۹]/);

      // No price, commission or payment: not in what the page shows, nor in the data it carries.
      const currency = hotelOf(await sandbox.state(), request.accommodationPropertyId).currency;
      const shown = await page.locator("body").innerText();
      const carried = await (await page.request.get(`${new URL(page.url()).pathname}.data`)).text();
      for (const text of [shown, carried]) {
        for (const amount of prices) expect(text, amount).not.toContain(amount);
        expect(text).not.toContain(currency);
        expect(text).not.toMatch(/price|commission|payment|قیمت|کمیسیون|پرداخت/i);
      }
    });
  }

  test("a two-room request's voucher fits on one A4 page", async ({
    portal,
    page,
    sandbox,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "printing is the same with or without JS: once is enough");
    await portal.signInDirectly();
    const id = await confirmedTwoRoomRequest(portal, sandbox);
    await portal.visit(`/reservations/reservation-details/${id}/voucher`);
    await expect(page.getByTestId("voucher-en").getByRole("heading", { level: 3 })).toHaveText([
      "Room 1",
      "Room 2",
      "Airport transfer",
    ]);
    await expect(page.getByTestId("voucher-fa")).toContainText("Reza Karimi");
    const pdf = await page.pdf({ format: "A4" });
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(1);
  });

  test("no voucher for a request that is not confirmed, even asked for by its address", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signInDirectly();
    await portal.visit(`/reservations/reservation-details/${NOT_CONFIRMED}`);
    await expect(page.getByRole("link", { name: "Print" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voucher for the traveller" })).toHaveCount(0);

    const response = await page.goto(`/reservations/reservation-details/${NOT_CONFIRMED}/voucher`);
    expect(response!.status()).toBe(409);
    await expect(page.getByRole("heading", { name: "No voucher yet" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(`Request HR-${NOT_CONFIRMED} is Invoiced`);
    await expect(page.getByTestId("voucher")).toHaveCount(0);
    // Nor in any other state the provider may give a request.
    for (const state of REQUEST_STATES.filter((state) => state !== "Confirmed")) {
      await sandbox.setRequestState(NOT_CONFIRMED, state);
      const answer = await page.request.get(
        `/reservations/reservation-details/${NOT_CONFIRMED}/voucher`,
      );
      expect(answer.status(), state).toBe(409);
      expect(await answer.text(), state).not.toContain('data-testid="voucher"');
    }
  });
});
