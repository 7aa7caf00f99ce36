import type { Page } from "@playwright/test";
import type { SandboxState } from "#sandbox/model";
import { priceRequest } from "#sandbox/prices";
import { wizardSteps } from "#tests/pages";
import { formatMoney } from "~/utils/format/numbers";
import { OTHER_AGENCY_USER } from "#sandbox/seed";
import { expect, test, type Portal } from "./fixtures";

/**
 * The client offer: the traveller's price with the agency's markup, from a request's page and from
 * Review, in one language or both; never the provider's price or the commission, in what the page
 * shows or the data it carries; the clerk's default markup kept like the language; nothing of it
 * sent to the provider.
 */

test.describe.configure({ timeout: 60_000 });

/** A request of the demo agency in the seed. */
const REQUEST = 7001;
const ANOTHER_REQUEST = 7002;

const WORDS = {
  en: {
    link: "Client offer",
    markup: "Markup",
    markupKind: "Markup as",
    language: "Offer in",
    show: "Show the offer",
    keep: "Keep 12% as my default markup",
    kept: "Your default markup is kept.",
    price: "Price for the whole stay",
    badMarkup: "Enter a markup of zero or more, like 10 or 12.50.",
    tooHigh: "That markup is too high: at most 100% or 1,000,000,000.",
  },
  fa: {
    link: "پیشنهاد برای مشتری",
    markup: "سود",
    markupKind: "نوع سود",
    language: "زبان پیشنهاد",
    show: "نمایش پیشنهاد",
    keep: "۱۲٪ سود پیش‌فرض من باشد",
    kept: "سود پیش‌فرض شما ذخیره شد.",
    price: "قیمت کل اقامت",
    badMarkup: "سودی برابر صفر یا بیشتر وارد کنید، مانند ۱۰ یا ۱۲٫۵۰.",
    tooHigh: "این سود بیش از حد است: حداکثر ۱۰۰٪ یا ۱٬۰۰۰٬۰۰۰٬۰۰۰.",
  },
} as const;

/** The provider's price of a stored request (the sandbox's own engine), and its currency. */
function providerPriceOf(state: SandboxState, id: number) {
  const request = state.requests.find((entry) => entry.id === id)!;
  const hotel = state.hotels.find(
    (entry) => entry.accommodationPropertyId === request.accommodationPropertyId,
  )!;
  const rooms = request.rooms.map((room) => ({
    roomType: hotel.roomTypes.find((entry) => entry.typeId === room.roomTypeId)!,
    selection: room,
  }));
  const stay = { checkIn: request.checkIn, checkOut: request.checkOut };
  const { sign } = state.currencies.find((currency) => currency.code === hotel.currency)!;
  const priced = priceRequest(hotel, rooms, stay, 0);
  const figures = [
    priced.totalPrice,
    ...priced.rooms.flatMap((room) => [room.totalPrice, room.stayTotalPrice]),
  ];
  return { total: priced.totalPrice, figures, currency: hotel.currency, sign };
}

/**
 * Every number a single-fetch answer (turbo-stream) carries as a value. Its values sit in one flat
 * array per line (a deferred one's line starts `P<n>:`); objects and arrays in it hold indices
 * into that array, which are not values.
 */
function numbersCarriedBy(data: string) {
  return data
    .split("\n")
    .filter(Boolean)
    .flatMap((line) => JSON.parse(line.replace(/^[A-Z]\d+:/, "")) as unknown)
    .filter((value): value is number => typeof value === "number");
}

/** The amounts the details page writes for a request: what the traveller must never see. */
async function amountsOnTheDetailsPage(portal: Portal, id: number) {
  await portal.visit(`/reservations/reservation-details/${id}`);
  const table = portal.page.getByTestId("price-table");
  const amounts = await table.locator("tbody td.text-end").allTextContents();
  const total = (await portal.page.getByTestId("request-total").textContent()) ?? "";
  return [...amounts, total.replace(/^[^:]*:\s*/, "")].map((text) => text.trim()).filter(Boolean);
}

/** What the offer shows, and the data the page carries (with JS, what the browser is sent). */
async function offerTextAndData(page: Page) {
  const shown = await page.getByTestId("client-offer").innerText();
  const url = new URL(page.url());
  const carried = await (await page.request.get(`${url.pathname}.data${url.search}`)).text();
  return [shown, carried];
}

async function askForOffer(page: Page, language: "en" | "fa", fields: Record<string, string>) {
  const words = WORDS[language];
  if (fields.kind) await page.getByLabel(words.markupKind).selectOption(fields.kind);
  if (fields.markup !== undefined)
    await page.getByLabel(words.markup, { exact: true }).fill(fields.markup);
  if (fields.language) await page.getByLabel(words.language).selectOption(fields.language);
  await page.getByRole("button", { name: words.show }).click();
}

test.describe("client offer", () => {
  for (const language of ["en", "fa"] as const) {
    test(`a request's offer carries the agency's price, never the provider's, and keeps the clerk's default markup (${language})`, async ({
      portal,
      page,
      sandbox,
    }) => {
      const words = WORDS[language];
      await portal.signInDirectly();
      await portal.chooseLanguageDirectly(language);
      const state = await sandbox.state();
      const { total, figures, currency, sign } = providerPriceOf(state, REQUEST);
      const money = (amount: number, inLanguage: "en" | "fa" = language) =>
        formatMoney(amount, currency, inLanguage, sign);
      const providerAmounts = await amountsOnTheDetailsPage(portal, REQUEST);
      expect(providerAmounts).toContain(money(total));
      const callsBefore = (await sandbox.calls()).length;

      await page.getByRole("link", { name: words.link }).click();
      await expect(page).toHaveURL(new RegExp(`/reservation-details/${REQUEST}/offer$`));
      await portal.hydrated();
      // No markup kept yet: the provider's price rounded up, in the page's language only.
      const column = page.getByTestId(`client-offer-${language}`);
      await expect(column.getByTestId("offer-price")).toHaveText(money(Math.ceil(total)));
      await expect(page.getByTestId(`client-offer-${language === "en" ? "fa" : "en"}`)).toHaveCount(
        0,
      );

      await askForOffer(page, language, { kind: "percent", markup: "12", language: "both" });
      const clientPrice = Math.ceil((total * 112) / 100);
      expect(clientPrice).toBeGreaterThan(total);
      for (const each of ["en", "fa"] as const) {
        const offer = page.getByTestId(`client-offer-${each}`);
        await expect(offer.getByTestId("offer-price")).toHaveText(money(clientPrice, each));
        await expect(offer).toContainText("Parsian Travel");
        await expect(offer).toContainText(
          state.requests.find((r) => r.id === REQUEST)!.rooms[0].passengers[0].firstName,
        );
      }
      await expect(page.getByTestId("client-offer-en")).toHaveAttribute("dir", "ltr");
      await expect(page.getByTestId("client-offer-fa")).toHaveAttribute("dir", "rtl");
      // The provider's amounts are nowhere: not shown, not in the data the page carries.
      const [shown, carried] = await offerTextAndData(page);
      for (const text of [shown, carried]) {
        for (const amount of providerAmounts) expect(text, amount).not.toContain(amount);
        expect(text).not.toMatch(/commission|کمیسیون/i);
      }
      const numbers = numbersCarriedBy(carried);
      for (const figure of figures) expect(numbers, `${figure}`).not.toContain(figure);

      // Kept as the default: the next offer, of another request, starts from it.
      await page.getByRole("button", { name: words.keep }).click();
      await expect(page.getByText(words.kept)).toBeVisible();
      await portal.visit(`/reservations/reservation-details/${ANOTHER_REQUEST}/offer`);
      const another = providerPriceOf(state, ANOTHER_REQUEST);
      await expect(page.getByLabel(words.markup, { exact: true })).toHaveValue("12");
      await expect(
        page.getByTestId(`client-offer-${language}`).getByTestId("offer-price"),
      ).toHaveText(
        formatMoney(
          Math.ceil((another.total * 112) / 100),
          another.currency,
          language,
          another.sign,
        ),
      );

      // An amount added instead of a percentage.
      await askForOffer(page, language, { kind: "amount", markup: "25" });
      await expect(
        page.getByTestId(`client-offer-${language}`).getByTestId("offer-price"),
      ).toHaveText(
        formatMoney(Math.ceil(another.total + 25), another.currency, language, another.sign),
      );

      // Nothing of it reached the provider: since the details page, the portal only read.
      const calls = (await sandbox.calls()).slice(callsBefore);
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
    });

    test(`a markup that is not a number, or past the limit, is refused by the field and kept (${language})`, async ({
      portal,
      page,
    }) => {
      const words = WORDS[language];
      await portal.signInDirectly();
      await portal.chooseLanguageDirectly(language);
      await portal.visit(`/reservations/reservation-details/${REQUEST}/offer`);
      await askForOffer(page, language, { markup: "twelve" });
      const field = page.getByLabel(words.markup, { exact: true });
      await expect(field).toHaveValue("twelve");
      await expect(field).toHaveAttribute("aria-invalid", "true");
      const described = (await field.getAttribute("aria-describedby"))!.split(" ");
      await expect(page.locator(`[id="${described.at(-1)}"]`)).toHaveText(words.badMarkup);
      // No price for a markup the clerk did not mean.
      await expect(page.getByTestId("client-offer")).toHaveCount(0);

      await askForOffer(page, language, { kind: "percent", markup: "150" });
      await expect(field).toHaveValue("150");
      await expect(page.locator(`[id="${described.at(-1)}"]`)).toHaveText(words.tooHigh);
      await expect(page.getByTestId("client-offer")).toHaveCount(0);
    });
  }

  test("from Review: the provider's validated price with the markup, two rooms on one A4 page", async ({
    portal,
    page,
    sandbox,
    javaScriptEnabled,
  }) => {
    test.skip(
      !javaScriptEnabled,
      "the offer's page is the same server page as a request's (its tests run both modes); printing is the same without JS",
    );
    await portal.signInDirectly();
    const [hotel, rooms, flights, review] = wizardSteps();
    expect((await portal.sendForm(hotel.path, hotel.moveOn!)).status()).toBe(302);
    const secondRoom = Object.fromEntries(
      Object.entries(rooms.moveOn!).map(([name, value]) => [
        name.replace("rooms[0]", "rooms[1]"),
        name.endsWith("firstName") ? "Reza" : value,
      ]),
    );
    expect((await portal.sendForm(rooms.path, { ...rooms.moveOn!, ...secondRoom })).status()).toBe(
      302,
    );
    expect((await portal.sendForm(flights.path, flights.moveOn!)).status()).toBe(302);
    await portal.visit(review.path);
    const totals = page.getByTestId("price-totals");
    const reviewAmounts = (await totals.locator("dd").allTextContents()).map((text) => text.trim());
    const providerTotal = reviewAmounts[0];
    const writesBefore = (await sandbox.calls()).filter((call) => call.method !== "GET").length;

    await page.getByRole("link", { name: "Client offer with your markup" }).click();
    await expect(page).toHaveURL(/\/reservations\/new\/offer$/);
    await portal.hydrated();
    await askForOffer(page, "en", { kind: "percent", markup: "10", language: "both" });
    const english = page.getByTestId("client-offer-en");
    await expect(english.getByRole("heading", { level: 3 })).toHaveText(["Room 1", "Room 2"]);
    await expect(page.getByTestId("client-offer-fa")).toContainText("Reza");
    const total = Number(providerTotal.replace(/[^\d.]/g, ""));
    const currencySign = providerTotal.replace(/[\d.,\s]/g, "");
    expect(total).toBeGreaterThan(0);
    await expect(english.getByTestId("offer-price")).toHaveText(
      `${currencySign}${Math.ceil((total * 110) / 100).toLocaleString("en-GB")}.00`,
    );
    const [shown, carried] = await offerTextAndData(page);
    for (const text of [shown, carried])
      for (const amount of reviewAmounts) expect(text, amount).not.toContain(amount);
    expect(numbersCarriedBy(carried), `${total}`).not.toContain(total);
    // The provider priced the rooms, as at Review; it was sent nothing else.
    const writes = (await sandbox.calls()).filter((call) => call.method !== "GET");
    expect(
      writes.slice(writesBefore).every((call) => call.model === "AccommodationReserveRequest"),
    ).toBe(true);

    const pdf = await page.pdf({ format: "A4" });
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(1);
  });

  test("another agency's request has no offer, and a default markup is kept only with the form's token", async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "requests, not pages: one run is enough");
    await portal.signInDirectly(OTHER_AGENCY_USER);
    const offer = `/reservations/reservation-details/${REQUEST}/offer`;
    const answer = await page.request.get(`${offer}?markupKind=percent&markup=12&language=both`);
    expect(answer.status()).toBe(404);
    expect(await answer.text()).not.toContain('data-testid="offer-price"');

    await portal.signInDirectly();
    const forged = await page.request.post(offer, {
      form: { markupKind: "percent", markup: "40", language: "en" },
      maxRedirects: 0,
    });
    // Sent back with the "send it again" message, and nothing kept.
    expect(forged.status()).toBe(302);
    expect(forged.headers()["set-cookie"] ?? "").not.toContain("markup");
    await portal.visit(offer);
    await expect(page.getByLabel("Markup", { exact: true })).toHaveValue("0");
  });
});
