import type { ReserveRequest, SandboxState } from "#sandbox/model";
import { priceRequest } from "#sandbox/prices";
import { NOTES_POLL_MS } from "~/components/notes-thread";
import { formatDateInput, parseDateInput } from "~/utils/format/date-input";
import { formatMoney, toPersianDigits } from "~/utils/format/numbers";
import {
  downloadedFile,
  ENGINE_SPECIFIC,
  expect,
  isBidiFirefox,
  test,
  UNAVAILABLE,
  type Portal,
  type Sandbox,
} from "./fixtures";
import { CHECK_IN, CHECK_OUT } from "./journeys";

/** The requests list, a request's details, notes, print view, modifications and delete. */

/** "9 December 2026": a date as the English pages write it in full. */
const longDate = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

test.describe.configure({ timeout: 60_000 });

function demoRequests(state: SandboxState) {
  return state.requests
    .filter((request) => request.agencyId === 1)
    .sort((a, b) => b.createDateTime.localeCompare(a.createDateTime) || b.id - a.id);
}

function hotelOf(state: SandboxState, request: ReserveRequest) {
  return state.hotels.find(
    (hotel) => hotel.accommodationPropertyId === request.accommodationPropertyId,
  )!;
}

function requestById(state: SandboxState, id: number) {
  return state.requests.find((request) => request.id === id);
}

/** The list shows exactly these request numbers, in order (retried: a client navigation can
 * change the URL a moment before the rows). */
/** The provider's today ("2026-11-29"): its zone's date (Asia/Tehran, as the sandbox's clock). */
const providerToday = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: process.env.PROVIDER_TIME_ZONE || "Asia/Tehran",
  }).format(new Date());

const expectRows = (portal: Portal, numbers: string[]) =>
  expect(portal.page.getByTestId("requests-table").locator("tbody tr td:first-child a")).toHaveText(
    numbers,
  );

test.describe("requests list", () => {
  test("the state filter lists the states in the portal's order, whatever the provider's", async ({
    portal,
    page,
    sandbox,
  }) => {
    const portalOrder = ["New", "Requested", "PaymentPending", "ConfirmationPending", "Confirmed"];
    await sandbox.fault({
      path: "/api/AccommodationReserveRequestClient",
      method: "GET",
      model: "ReserveRequestStates",
      status: 200,
      body: [...portalOrder].reverse().map((State) => ({ State })),
    });
    await portal.signInDirectly();
    await portal.visit("/reservations/list");
    const options = page.getByLabel("State").locator("option");
    // The first option is "all states".
    await expect(options).toHaveCount(portalOrder.length + 1);
    expect(
      (await options.evaluateAll((all) => all.map((option) => option.getAttribute("value")))).slice(
        1,
      ),
    ).toEqual(portalOrder);
  });

  test("newest first, paged and filtered by URL; the dashboard's counters land on their state", async ({
    portal,
    page,
    sandbox,
  }) => {
    const all = demoRequests(await sandbox.state());
    await portal.signIn();
    await page.getByTestId("counter-PaymentPending").click();
    await expect(page).toHaveURL(/\/reservations\/list\?state=PaymentPending$/);
    const pending = all.filter((request) => request.state === "PaymentPending");
    await expect(page.getByTestId("result-count")).toHaveText(`${pending.length} requests`);
    await expectRows(
      portal,
      pending.map((request) => request.requestNumber),
    );
    await expect(page.getByLabel("State")).toHaveValue("PaymentPending");

    await portal.visit("/reservations/list");
    await expect(page.getByTestId("result-count")).toHaveText(`${all.length} requests`);
    await expectRows(
      portal,
      all.slice(0, 10).map((r) => r.requestNumber),
    );
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expectRows(
      portal,
      all.slice(10, 20).map((r) => r.requestNumber),
    );
    await portal.visit("/reservations/list?page=3");
    await expectRows(
      portal,
      all.slice(20).map((r) => r.requestNumber),
    );

    // The form: a guest's name and a page size, into the URL.
    const guest = all[5].rooms[0].passengers[0];
    await page.getByLabel("Guest name").fill(guest.lastName);
    await page.getByLabel("Rows per page").selectOption("25");
    await page.getByRole("button", { name: "Show requests" }).click();
    await expect(page).toHaveURL(new RegExp(`guest=${guest.lastName}.*size=25`));
    const withGuest = all.filter((request) =>
      request.rooms.some((room) =>
        room.passengers.some((p) => `${p.firstName} ${p.lastName}`.includes(guest.lastName)),
      ),
    );
    await expectRows(
      portal,
      withGuest.map((r) => r.requestNumber),
    );
  });

  test("in Persian, a request number or an agency reference typed in Persian or Arabic digits finds the request, and the form shows it as typed", async ({
    portal,
    page,
    sandbox,
  }) => {
    const request = demoRequests(await sandbox.state()).find(
      (entry) => entry.requestNumber === "HR-7001",
    )!;
    expect(request.agencyRef).toMatch(/\d/);
    await portal.signInDirectly();
    await portal.chooseLanguageDirectly("fa");
    const rows = page.getByTestId("requests-table").locator("tbody tr td:first-child a");
    for (const [field, typed] of [
      ["شماره درخواست", "۷۰۰۱"],
      ["شماره درخواست", "٧٠٠١"],
      ["شماره درخواست", "HR-۷۰۰۱"],
      ["شماره مرجع آژانس", toPersianDigits(request.agencyRef!)],
    ] as const) {
      await portal.visit("/reservations/list");
      await page.getByLabel(field, { exact: true }).fill(typed);
      await page.getByRole("button", { name: "نمایش درخواست‌ها" }).click();
      await expect(page).toHaveURL(/\/reservations\/list\?/);
      await expect(rows, typed).toHaveCount(1);
      await expect(rows, typed).toHaveAttribute("href", /\/reservation-details\/7001$/);
      await expect(page.getByLabel(field, { exact: true })).toHaveValue(typed);
    }
  });

  for (const [language, past, last] of [
    ["en", "This page is past the end of the list.", "Go to the last page (1)"],
    ["fa", "این صفحه پس از پایان فهرست است.", "رفتن به صفحهٔ آخر (۱)"],
  ] as const)
    test(`a page past the last says so and leads to the last, filters kept (${language})`, async ({
      portal,
      page,
    }) => {
      await portal.signIn();
      if (language === "fa") await portal.switchLanguage("فارسی");
      await portal.visit("/reservations/list?state=Confirmed&page=9");
      await expect(page.getByText(past)).toBeVisible();
      await expect(
        page.getByRole("link", { name: /^(Make a new request|ثبت درخواست جدید)$/ }),
      ).toHaveCount(0);
      await page.getByRole("link", { name: last }).click();
      await expect(page).toHaveURL(/\?state=Confirmed&page=1$/);
      await expect(page.getByTestId("requests-table").locator("tbody tr").first()).toBeVisible();
    });

  test("check-in range, a date it cannot read, and an empty result that offers to clear", async ({
    portal,
    page,
    sandbox,
  }) => {
    const all = demoRequests(await sandbox.state());
    const dates = [...new Set(all.map((request) => request.checkIn))].sort();
    const [from, to] = [dates[2], dates[8]];
    await portal.signInDirectly();
    await portal.visit(
      `/reservations/list?from=${formatDateInput(from, "en")}&to=${formatDateInput(to, "en")}`,
    );
    const inRange = all.filter((r) => r.checkIn >= from && r.checkIn <= to);
    await expect(page.getByTestId("result-count")).toHaveText(`${inRange.length} requests`);

    await page.getByLabel("Check-in from").fill("2026/02/30");
    await page.getByRole("button", { name: "Show requests" }).click();
    await expect(page.getByText("Date is not in correct format!", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Check-in from")).toHaveValue("2026/02/30");

    await portal.visit("/reservations/list?number=NO-SUCH");
    await expect(page.getByText("No request matches these filters.")).toBeVisible();
    await page.getByRole("link", { name: "Clear the filters" }).click();
    await expect(page.getByTestId("result-count")).toHaveText(`${all.length} requests`);
  });

  test("sorted by payment deadline, the soonest first, where one page holds the whole list", async ({
    portal,
    page,
    sandbox,
  }) => {
    const waiting = demoRequests(await sandbox.state()).filter(
      (request) => request.state === "PaymentPending",
    );
    const numbersOf = () =>
      page.getByTestId("requests-table").locator("tbody tr td:first-child a").allInnerTexts();
    await portal.signInDirectly();
    await portal.visit("/reservations/list?state=PaymentPending");
    const newestFirst = await numbersOf();
    expect(newestFirst).toHaveLength(waiting.length);
    await page.getByRole("link", { name: /^Payment due/ }).click();
    await expect(page).toHaveURL(/[?&]sort=deadline/);
    const soonestFirst = [...waiting]
      .sort(
        (a, b) =>
          a.paymentDeadlineDateTime!.localeCompare(b.paymentDeadlineDateTime!) ||
          b.createDateTime.localeCompare(a.createDateTime),
      )
      .map((request) => request.requestNumber);
    // Ties keep the provider's order, newest first.
    await expect.poll(numbersOf).toEqual(soonestFirst);
    await expect(page.getByRole("columnheader", { name: /^Payment due/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    // Back to the provider's order.
    await page.getByRole("link", { name: /^Payment due/ }).click();
    await expect.poll(numbersOf).toEqual(newestFirst);

    // A list over several pages cannot be sorted honestly: it says so and stays newest first.
    await portal.visit("/reservations/list?sort=deadline");
    await expect(page.getByTestId("sort-refused")).toContainText("cannot sort them");
    await expect(page.getByRole("link", { name: /^Payment due/ })).toHaveCount(0);
  });

  for (const [language, words] of [
    ["en", { link: "Arrivals in the next 7 days", stay: /^Check-in – check-out/ }],
    ["fa", { link: "ورودهای ۷ روز آینده", stay: /^ورود – خروج/ }],
  ] as const)
    test(`the arrivals of the coming week, the soonest check-in first, from one link (${language})`, async ({
      portal,
      page,
      sandbox,
    }) => {
      await portal.signInDirectly();
      await portal.chooseLanguageDirectly(language);
      await portal.visit("/reservations/list");
      const todayBefore = providerToday();
      await page.getByRole("link", { name: words.link }).click();
      await expect(page).toHaveURL(/[?&]sort=checkIn/);
      // The week the link asked for, in the clerk's calendar, read back as the form shows it: from
      // the provider's today (the day it may have turned meanwhile), to six days on.
      const params = new URL(page.url()).searchParams;
      const from = parseDateInput(params.get("from")!, language)!;
      const to = parseDateInput(params.get("to")!, language)!;
      expect([todayBefore, providerToday()]).toContain(from);
      expect(Date.parse(to) - Date.parse(from)).toBe(6 * 86_400_000);
      const arriving = demoRequests(await sandbox.state())
        .filter((request) => request.checkIn >= from && request.checkIn <= to)
        // Stable: ties keep the provider's order, newest first.
        .sort((a, b) => a.checkIn.localeCompare(b.checkIn));
      expect(arriving.length).toBeGreaterThan(1);
      const numbersOf = () =>
        page.getByTestId("requests-table").locator("tbody tr td:first-child a").allInnerTexts();
      await expect.poll(numbersOf).toEqual(arriving.map((request) => request.requestNumber));
      await expect(page.getByRole("columnheader", { name: words.stay })).toHaveAttribute(
        "aria-sort",
        "ascending",
      );
    });

  for (const language of ["English", "فارسی"] as const) {
    test(
      `CSV export holds every row of the filter, all pages (${language})`,
      ENGINE_SPECIFIC,
      async ({ portal, page, sandbox }) => {
        // A sign-in, a language switch, two list pages and a download: 20 s in Firefox beside a
        // CPU hog (0.34 of 60 s), a journey's length, so a journey's timeout.
        test.setTimeout(90_000);
        const all = demoRequests(await sandbox.state());
        await portal.signIn();
        if (language === "فارسی") await portal.switchLanguage(language);
        await portal.visit("/reservations/list?size=10");
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("link", { name: /Export to CSV|خروجی CSV/ }).click(),
        ]);
        expect(download.suggestedFilename()).toBe("requests.csv");
        const text = (await downloadedFile(download)).toString("utf8");
        expect(text.charCodeAt(0)).toBe(0xfeff);
        const lines = text.slice(1).trim().split("\r\n");
        expect(lines).toHaveLength(all.length + 1);
        const rows = lines.slice(1).map((line) => line.split(","));
        expect(rows.map((row) => row[0])).toEqual(all.map((r) => r.requestNumber));
        const lang = language === "English" ? "en" : "fa";
        // The check-in in the user's calendar, then as ISO.
        expect(rows[0][3]).toBe(formatDateInput(all[0].checkIn, lang));
        expect(rows[0][4]).toBe(all[0].checkIn);
        if (lang === "fa") expect(lines[0]).toContain("شماره درخواست");
      },
    );
  }
});

/** A seeded request of the demo agency with a transfer and an extra guest in its room. */
function richRequest(state: SandboxState) {
  const found = demoRequests(state).find(
    (request) => request.transportation && request.rooms.some((room) => room.hasChildNoBed),
  );
  expect(found, "the seed has a request with flights and an extra guest").toBeTruthy();
  return found!;
}

test.describe("request details", () => {
  test("show every field of a request with flights and extras", async ({
    portal,
    page,
    sandbox,
  }) => {
    const state = await sandbox.state();
    const request = richRequest(state);
    await sandbox.setRequestState(request.id, "PaymentPending");
    const deadline = (await sandbox.state()).requests.find((r) => r.id === request.id)!;
    const hotel = hotelOf(state, request);
    await portal.signInDirectly();
    await portal.visit(`/reservations/reservation-details/${request.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Request ${request.requestNumber}`,
    );
    const summary = page.getByTestId("request-summary");
    await expect(summary).toContainText(request.requestNumber);
    await expect(summary).toContainText("Payment pending");
    await expect(summary).toContainText(request.agencyRef ?? "Not specified");
    await expect(summary.getByText("Yes", { exact: true })).toBeVisible();
    // The deadline in both calendars, with its time zone.
    const due = deadline.paymentDeadlineDateTime!;
    await expect(page.getByTestId("payment-deadline")).toContainText(
      `${longDate(due)}, ${due.slice(11, 16)}`,
    );
    await expect(page.getByTestId("payment-deadline")).toContainText("Asia/Tehran");
    await expect(page.getByTestId("payment-deadline").locator("span").first()).toContainText(
      /\b14\d\d\b/,
    );
    const hotelCard = page.getByTestId("hotel-summary");
    await expect(hotelCard).toContainText(hotel.hotelName);
    await expect(hotelCard.getByText(`${hotel.hotelGrade} stars`)).toBeAttached();
    await expect(hotelCard).toContainText(longDate(request.checkIn));
    await expect(hotelCard).toContainText(longDate(request.checkOut));

    const room = page.getByTestId("room-1");
    const roomType = hotel.roomTypes.find((type) => type.typeId === request.rooms[0].roomTypeId)!;
    await expect(room).toContainText(roomType.name);
    await expect(room).toContainText(roomType.roomService);
    for (const guest of request.rooms[0].passengers) {
      const row = room.getByRole("row").filter({ hasText: guest.passportNumber });
      await expect(row).toContainText(`${guest.firstName} ${guest.lastName}`);
      await expect(row).toContainText(formatDateInput(guest.dateOfBirth, "en"));
    }
    await expect(room.getByRole("row").filter({ hasText: "Child 0–5, without bed" })).toHaveCount(
      1,
    );
    // The fare breakdown: a row per night.
    const nights = (Date.parse(request.checkOut) - Date.parse(request.checkIn)) / 86_400_000;
    await page.getByText("Fare breakdown").first().click();
    await expect(
      page
        .getByRole("table", { name: /Fare breakdown of/ })
        .first()
        .locator("tbody tr"),
    ).toHaveCount(
      nights +
        hotel.specialDates.filter((d) => d.date >= request.checkIn && d.date < request.checkOut)
          .length,
    );

    const flights = request.transportation!;
    await expect(page.getByText(flights.originFlight.flightNumber)).toBeVisible();
    await expect(page.getByText(flights.destinationFlight.flightNumber)).toBeVisible();
    // Airport names are cut at 30 characters; the full name stays on hover.
    const longName = state.airports.find((a) => a.iata === flights.originFlight.originIata)!.title;
    await expect(page.locator(`bdi[title="${longName}"]`).first()).toHaveText(
      longName.length > 30 ? `${longName.slice(0, 29)}…` : longName,
    );
    await expect(page.getByText("Duration 3h 15m")).toBeVisible();
    // Amounts carry the provider's own currency sign, not the runtime's symbol for the code.
    const sign = state.currencies.find((currency) => currency.code === hotel.currency)!.sign;
    await expect(page.getByTestId("request-total")).toContainText(sign);
    await expect(page.getByTestId("price-table")).toContainText(sign);
    for (const amounts of ["request-total", "price-table"])
      expect(await page.getByTestId(amounts).textContent()).not.toMatch(/US\$|IRR|EUR/);
  });

  test(
    "in Persian: right to left, Jalali dates, provider notes on the start side",
    ENGINE_SPECIFIC,
    async ({ portal, page, sandbox }) => {
      const state = await sandbox.state();
      const request = demoRequests(state).find(
        (r) => r.notes.some((n) => n.isBroker) && r.notes.some((n) => !n.isBroker),
      )!;
      await portal.signIn();
      await portal.switchLanguage("فارسی");
      await portal.visit(`/reservations/reservation-details/${request.id}`);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      // The Jalali year, in Persian digits.
      await expect(page.getByTestId("hotel-summary")).toContainText(
        formatDateInput(request.checkIn, "fa").slice(0, 4),
      );
      const provider = await page.locator('[data-from="provider"]').first().boundingBox();
      const agency = await page.locator('[data-from="agency"]').first().boundingBox();
      // Right to left, the start side is the right.
      expect(provider!.x + provider!.width).toBeGreaterThan(agency!.x + agency!.width);
    },
  );

  test("the print view has no navigation", async ({ portal, page }) => {
    await portal.signInDirectly();
    await portal.visit("/reservations/reservation-details/7001");
    await page.getByRole("link", { name: "Print" }).click();
    await expect(page).toHaveURL(/\/reservations\/reservation-details\/7001\/print$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request HR-7001");
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByTestId("side-menu")).toHaveCount(0);
    await expect(page.getByTestId("request-summary")).toBeVisible();
  });

  test("the print view fits on two A4 pages", async ({
    portal,
    page,
    browserName,
    javaScriptEnabled,
  }) => {
    test.skip(isBidiFirefox(browserName), "Playwright 1.56 prints to PDF in Chromium only");
    test.skip(!javaScriptEnabled, "printing is the same with or without JS: once is enough");
    await portal.signInDirectly();
    await portal.visit("/reservations/reservation-details/7001/print");
    await expect(page.getByTestId("request-summary")).toBeVisible();
    const pdf = await page.pdf({ format: "A4" });
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.length).toBeLessThanOrEqual(2);
  });
});

test.describe("notes", () => {
  test(
    "a note round trip: the agency's note, the provider's answer, read ticks",
    ENGINE_SPECIFIC,
    async ({ portal, page, sandbox, javaScriptEnabled }) => {
      const id = 7003;
      // The page's clock, moved on to the next poll instead of waited for.
      if (javaScriptEnabled) await page.clock.install();
      await portal.signInDirectly();
      await portal.visit(`/reservations/reservation-details/${id}`);
      const box = page.getByLabel("New note to the provider");
      await box.fill("Please add a baby cot.");
      await page.getByRole("button", { name: "Send note" }).click();
      const mine = page
        .locator('[data-from="agency"]')
        .filter({ hasText: "Please add a baby cot." });
      await expect(mine).toBeVisible();
      await expect(mine.getByTestId("read-tick")).toContainText("Not read yet");
      if (javaScriptEnabled) await expect(box).toHaveValue("");
      expect(requestById(await sandbox.state(), id)!.notes.at(-1)).toMatchObject({
        content: "Please add a baby cot.",
        isBroker: false,
      });

      await sandbox.addProviderNote(id, "A cot is booked for you.");
      await sandbox.providerReadsNotes(id);
      const answer = page.locator('[data-from="provider"]').filter({ hasText: "A cot is booked" });
      if (javaScriptEnabled) {
        // The poll brings it within one interval, the page untouched.
        await page.clock.fastForward(NOTES_POLL_MS);
        await expect(answer).toBeVisible();
      } else {
        await page.getByRole("link", { name: "Refresh notes" }).click();
        await expect(answer).toBeVisible();
      }
      await expect(mine.getByTestId("read-tick")).toContainText("Read by the provider");
      // Fetched means read: the provider's note is marked read.
      await expect
        .poll(async () => requestById(await sandbox.state(), id)!.notes.at(-1)!.isRead)
        .toBe(true);
    },
  );

  test(
    "a note can be written and sent with the keyboard alone, to a provider that answers it with no body",
    ENGINE_SPECIFIC,
    async ({ portal, page, sandbox }) => {
      // Tabbing through the page key by key: up to 21 s in Firefox beside a CPU hog.
      test.setTimeout(90_000);
      await sandbox.setRules({ emptyWriteAnswers: true });
      await portal.signInDirectly();
      await portal.visit("/reservations/reservation-details/7003");
      await portal.tabTo(page.getByLabel("New note to the provider"));
      await page.keyboard.type("Sent without a mouse.");
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Send note" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(
        page.locator('[data-from="agency"]').filter({ hasText: "Sent without a mouse." }),
      ).toBeVisible();
      await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
      expect(requestById(await sandbox.state(), 7003)!.notes.at(-1)?.content).toBe(
        "Sent without a mouse.",
      );
    },
  );

  test("no send box on a confirmed request, and a forced post is refused", async ({
    portal,
    page,
    sandbox,
  }) => {
    const confirmed = demoRequests(await sandbox.state()).find((r) => r.state === "Confirmed")!;
    await portal.signInDirectly();
    await portal.visit(`/reservations/reservation-details/${confirmed.id}`);
    await expect(page.getByTestId("notes-closed")).toBeVisible();
    await expect(page.getByLabel("New note to the provider")).toHaveCount(0);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const response = await page.request.post(`/reservations/reservation-details/${confirmed.id}`, {
      form: { csrf, intent: "note", content: "Sneaking one in" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(requestById(await sandbox.state(), confirmed.id)!.notes).toEqual(confirmed.notes);
  });
});

/**
 * Sends a modification: the requests list at once, with the spec's success message; with JS in the
 * post's answer alone, which brings the list and the message (decision 044).
 */
async function submitChange(portal: Portal) {
  const asked = await portal.dataRequestsDuring(() =>
    portal.submitToRequestsList(
      portal.page.getByRole("button", { name: "Submit the change" }),
      "Request was submitted successfully",
    ),
  );
  if (portal.javaScriptEnabled)
    expect(asked).toEqual([
      expect.stringMatching(/^POST \/reservations\/modify-\w+-reservation\/\d+\.data$/),
    ]);
}

test.describe("book again", () => {
  /** A request of the demo agency at a hotel on sale for the test's stay, with a room of guests. */
  async function requestToBookAgain(sandbox: Sandbox) {
    const state = await sandbox.state();
    const onSale = state.hotels.filter(
      (hotel) =>
        !hotel.isInActive && hotel.availableSince <= CHECK_IN && CHECK_OUT <= hotel.availableUntil,
    );
    const request = demoRequests(state).find(
      (candidate) =>
        candidate.rooms.some((room) => room.passengers.length > 1) &&
        onSale.some((hotel) => hotel.accommodationPropertyId === candidate.accommodationPropertyId),
    )!;
    const hotel = onSale.find(
      (candidate) => candidate.accommodationPropertyId === request.accommodationPropertyId,
    )!;
    return { request, hotel };
  }

  for (const language of ["en", "fa"] as const)
    test(`starts a new request from a stored one: its hotel, rooms and guests, new dates (${language})`, async ({
      portal,
      page,
      sandbox,
    }) => {
      const { request, hotel } = await requestToBookAgain(sandbox);
      await portal.signInDirectly();
      if (language === "fa") await portal.chooseLanguageDirectly("fa");
      await portal.visit(`/reservations/reservation-details/${request.id}`);
      const callsBefore = (await sandbox.calls()).length;
      await page
        .getByRole("button", { name: language === "fa" ? "رزرو دوباره" : "Book again" })
        .click();
      await page.waitForURL(/\/reservations\/new\/hotel$/);
      await portal.hydrated();
      await expect(page.getByLabel(hotel.hotelName)).toBeChecked();
      const checkIn = page.getByLabel(language === "fa" ? "تاریخ ورود" : "Check-in date");
      await expect(checkIn).toHaveValue("");
      await checkIn.fill(formatDateInput(CHECK_IN, language));
      await page
        .getByLabel(language === "fa" ? "تاریخ خروج" : "Check-out date")
        .fill(formatDateInput(CHECK_OUT, language));
      await page
        .getByRole("button", { name: language === "fa" ? "ادامه" : "Continue" })
        .first()
        .click();
      await page.waitForURL(/\/rooms$/);
      // Every room and guest of the stored request, typed in again by nobody.
      for (const [index, room] of request.rooms.entries()) {
        const form = page.getByTestId(`room-${index + 1}`);
        for (const guest of room.passengers) {
          await expect(form.locator(`input[value="${guest.passportNumber}"]`)).toHaveCount(1);
          await expect(form.locator(`input[value="${guest.firstName}"]`).first()).toBeVisible();
          await expect(
            form.locator(`input[value="${formatDateInput(guest.dateOfBirth, language)}"]`).first(),
          ).toBeAttached();
        }
      }
      // Nothing was sent to the provider but the reads of the pages.
      const sent = (await sandbox.calls())
        .slice(callsBefore)
        .filter((call) => call.method !== "GET");
      expect(sent).toEqual([]);
    });

  test("a child who outgrew its band by the new dates is flagged at the rooms step", async ({
    portal,
    page,
    sandbox,
  }) => {
    const hotel = (await sandbox.state()).hotels.find(
      (entry) => entry.accommodationPropertyId === 1004,
    )!;
    const roomType = hotel.roomTypes.find((type) => type.rules.childWithBedIsAllowed)!;
    const typed = (iso: string) => iso.replaceAll("-", "/");
    const later = (iso: string, days: number) =>
      new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    // A child with bed who is 11 at the first stay's check-in and 12 five days later.
    const twelfthBirthday = `${Number(CHECK_IN.slice(0, 4)) - 12}${CHECK_IN.slice(4)}`;
    const born = later(twelfthBirthday, 3);
    const guest = (prefix: string, index: number) => ({
      [`${prefix}.firstName`]: `Guest${index}`,
      [`${prefix}.lastName`]: "Moradi",
      [`${prefix}.dateOfBirth`]: "1984/03/0" + String(index + 1),
      [`${prefix}.gender`]: "Female",
      [`${prefix}.passportNumber`]: `P50000${index}`,
      [`${prefix}.nationality`]: "IR",
    });
    await portal.signInDirectly();
    const sent = await portal.sendForm("/reservations/new/hotel", {
      propertyId: "1004",
      checkIn: typed(CHECK_IN),
      checkOut: typed(CHECK_OUT),
    });
    expect(sent.status()).toBe(302);
    const rooms = await portal.sendForm("/reservations/new/rooms", {
      "rooms[0].roomTypeId": String(roomType.typeId),
      ...Object.assign(
        {},
        ...Array.from({ length: roomType.baseCapacity }, (_, index) =>
          guest(`rooms[0].guests[${index}]`, index),
        ),
      ),
      ...guest("rooms[0].childWithBed[0]", 8),
      "rooms[0].childWithBed[0].firstName": "Kian",
      "rooms[0].childWithBed[0].dateOfBirth": typed(born),
    });
    expect(rooms.headers()["location"]).toMatch(/\/review$/);
    await portal.visit("/reservations/new/review");
    await page.getByRole("button", { name: "Submit request" }).click();
    await page.waitForURL(/\/reservations\/list$/);
    const created = (await sandbox.state()).requests.find((request) =>
      request.rooms.some((room) => room.passengers.some((p) => p.firstName === "Kian")),
    )!;

    await portal.visit(`/reservations/reservation-details/${created.id}`);
    await page.getByRole("button", { name: "Book again" }).click();
    await page.waitForURL(/\/reservations\/new\/hotel$/);
    await portal.hydrated();
    await page.getByLabel("Check-in date").fill(typed(later(CHECK_IN, 5)));
    await page.getByLabel("Check-out date").fill(typed(later(CHECK_OUT, 5)));
    await page.getByRole("button", { name: "Continue" }).first().click();
    await page.waitForURL(/\/rooms$/);
    await portal.hydrated();
    // The address moves before React draws the step; the hotel step has a Continue too.
    await expect(page.getByTestId("room-1")).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).last().click();
    await expect(
      page.getByTestId("room-1").getByText(/must be 6 to 11 years old at check-in/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/rooms$/);
  });

  test("when the provider cannot give the request, the page says so and nothing starts", async ({
    portal,
    page,
    sandbox,
  }) => {
    const { request } = await requestToBookAgain(sandbox);
    await portal.signInDirectly();
    await portal.visit(`/reservations/reservation-details/${request.id}`);
    await sandbox.fault({
      path: `/api/AccommodationReserveRequestClient/${request.id}`,
      method: "GET",
      model: "ReserveRequestSummary",
      status: 500,
    });
    await page.getByRole("button", { name: "Book again" }).click();
    await expect(page.getByRole("alert").filter({ hasText: UNAVAILABLE })).toBeVisible();
    await sandbox.clearFaults();
    await portal.visit("/reservations/new");
    await expect(page).toHaveURL(/\/reservations\/new\/hotel$/);
    await expect(page.getByLabel("Check-in date")).toHaveValue("");
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  });

  for (const { language, bookAgain, continueUnfinished, replace } of [
    {
      language: "en",
      bookAgain: "Book again",
      continueUnfinished: "Continue the unfinished request",
      replace: "Replace it and book again",
    },
    {
      language: "fa",
      bookAgain: "رزرو دوباره",
      continueUnfinished: "ادامهٔ درخواست ناتمام",
      replace: "جایگزینی و رزرو دوباره",
    },
  ] as const) {
    test(`an unfinished request is not replaced without asking; while asked it is intact (${language})`, async ({
      portal,
      page,
      sandbox,
    }) => {
      const { request, hotel } = await requestToBookAgain(sandbox);
      await portal.signInDirectly();
      const other = (await sandbox.state()).hotels.find(
        (candidate) =>
          !candidate.isInActive &&
          candidate.accommodationPropertyId !== hotel.accommodationPropertyId,
      )!;
      // An unfinished request at another hotel.
      await portal.sendForm("/reservations/new/hotel", {
        propertyId: String(other.accommodationPropertyId),
        checkIn: formatDateInput(CHECK_IN, "en"),
        checkOut: formatDateInput(CHECK_OUT, "en"),
      });
      // Dates typed in English above; the rest in the test's language.
      if (language === "fa") await portal.chooseLanguageDirectly("fa");
      await portal.visit(`/reservations/reservation-details/${request.id}`);
      await page.getByRole("button", { name: bookAgain }).click();
      await expect(page).toHaveURL(/\?confirm=book-again$/);
      // Asked, not yet replaced: the unfinished request is still the other hotel's.
      await page.getByRole("link", { name: continueUnfinished }).click();
      await page.waitForURL(/\/reservations\/new\/rooms$/);
      await portal.visit("/reservations/new/hotel");
      await expect(page.getByLabel(other.hotelName)).toBeChecked();
      await portal.visit(`/reservations/reservation-details/${request.id}?confirm=book-again`);
      await page.getByRole("button", { name: replace }).click();
      await page.waitForURL(/\/reservations\/new\/hotel$/);
      await expect(page.getByLabel(hotel.hotelName)).toBeChecked();
    });
  }
});

test.describe("modifications and delete", () => {
  test("change dates: the provider holds the new stay", async ({ portal, page, sandbox }) => {
    const request = requestById(await sandbox.state(), 7001)!;
    const shift = (iso: string) =>
      new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await portal.signInDirectly();
    await portal.visit(`/reservations/reservation-details/${request.id}`);
    await page.getByRole("link", { name: "Change dates" }).click();
    await expect(page.getByTestId("change-allowed")).toBeVisible();
    await expect(page.getByLabel("Check-in date")).toHaveValue(
      formatDateInput(request.checkIn, "en"),
    );
    await page.getByLabel("Check-out date").fill(formatDateInput(request.checkIn, "en"));
    await page.getByRole("button", { name: "Submit the change" }).click();
    await expect(
      page.getByText("The check-out date must come after the check-in date.", { exact: true }),
    ).toBeVisible();
    await page.getByLabel("Check-in date").fill(formatDateInput(shift(request.checkIn), "en"));
    await page.getByLabel("Check-out date").fill(formatDateInput(shift(request.checkOut), "en"));
    await submitChange(portal);
    expect(requestById(await sandbox.state(), 7001)).toMatchObject({
      checkIn: shift(request.checkIn),
      checkOut: shift(request.checkOut),
    });
  });

  test("change rooms: a guest's name, sent with the whole room", async ({
    portal,
    page,
    sandbox,
  }) => {
    const request = requestById(await sandbox.state(), 7001)!;
    await portal.signInDirectly();
    await portal.visit(`/reservations/modify-room-reservation/${request.id}`);
    const firstName = page.getByLabel("First name").first();
    await expect(firstName).toHaveValue(request.rooms[0].passengers[0].firstName);
    await firstName.fill("Roya");
    await submitChange(portal);
    const changed = requestById(await sandbox.state(), 7001)!;
    expect(changed.rooms[0].passengers[0].firstName).toBe("Roya");
    expect(changed.rooms[0].passengers.slice(1)).toEqual(request.rooms[0].passengers.slice(1));
  });

  for (const [language, words] of [
    [
      "en",
      {
        addExtra: /^Add extra adult on an extra bed/,
        extra: "extra adult on an extra bed",
        labels: ["First name", "Last name", "Date of birth", "Passport number", "Nationality"],
        submit: "Submit the change",
        message: (price: string, current: string) =>
          `With these rooms the request costs ${price} (now ${current}), as the booking service prices them. Submit the change again to send it at this price.`,
      },
    ],
    [
      "fa",
      {
        addExtra: /^افزودن بزرگسال اضافه روی تخت اضافه/,
        extra: "بزرگسال اضافه روی تخت اضافه",
        labels: ["نام", "نام خانوادگی", "تاریخ تولد", "شمارهٔ گذرنامه", "ملیت"],
        submit: "ثبت تغییر",
        message: (price: string, current: string) =>
          `با این اتاق‌ها هزینهٔ درخواست ${price} است (اکنون ${current})، به قیمت سرویس رزرو. برای ارسال تغییر با این قیمت، دوباره «ثبت تغییر» را بزنید.`,
      },
    ],
  ] as const)
    test(`change rooms: rooms that change the price are sent only once the provider's new price is seen (${language})`, async ({
      portal,
      page,
      sandbox,
    }) => {
      const state = await sandbox.state();
      const request = requestById(state, 7005)!;
      const hotel = hotelOf(state, request);
      const [room] = request.rooms;
      const roomType = hotel.roomTypes.find((type) => type.typeId === room.roomTypeId)!;
      expect(roomType.rules.extraBedIsAllowed && !room.hasExtraBed).toBe(true);
      const priceOf = (hasExtraBed: boolean) =>
        priceRequest(
          hotel,
          [{ roomType, selection: { ...room, hasExtraBed } }],
          { checkIn: request.checkIn, checkOut: request.checkOut },
          0,
        ).totalPrice;
      const { sign } = state.currencies.find((currency) => currency.code === hotel.currency)!;
      const money = (amount: number) => formatMoney(amount, hotel.currency, language, sign);

      await portal.signInDirectly();
      await portal.chooseLanguageDirectly(language);
      await portal.visit(`/reservations/modify-room-reservation/${request.id}`);
      const roomForm = page.getByTestId("room-1");
      await roomForm.getByRole("button", { name: words.addExtra }).click();
      const guest = roomForm.getByRole("group", { name: words.extra });
      const [first, last, born, passport, nationality] = words.labels;
      await guest.getByLabel(first, { exact: true }).fill("Nima");
      await guest.getByLabel(last).fill("Karimi");
      await guest.getByLabel(born).fill(formatDateInput("1990-04-12", language));
      await guest.getByLabel(passport).fill("P7005002");
      await guest.getByLabel(nationality).selectOption("IR");
      await page.getByRole("button", { name: words.submit }).click();
      await expect(page.getByTestId("change-confirmation")).toHaveText(
        words.message(money(priceOf(true)), money(priceOf(false))),
      );
      // Nothing sent yet, and nothing typed lost.
      expect(requestById(await sandbox.state(), 7005)!.rooms).toEqual(request.rooms);
      await expect(guest.getByLabel(passport)).toHaveValue("P7005002");

      await page.getByRole("button", { name: words.submit }).click();
      await page.waitForURL(/\/reservations\/list$/);
      const [changed] = requestById(await sandbox.state(), 7005)!.rooms;
      expect(changed.hasExtraBed).toBe(true);
      expect(changed.passengers.at(-1)).toMatchObject({
        firstName: "Nima",
        passportNumber: "P7005002",
      });
    });

  test("change flights: the arrival flight's number", async ({ portal, page, sandbox }) => {
    const request = requestById(await sandbox.state(), 7001)!;
    expect(request.transportation).toBeTruthy();
    await portal.signInDirectly();
    await portal.visit(`/reservations/modify-flight-reservation/${request.id}`);
    const number = page.getByLabel("Flight number").first();
    await expect(number).toHaveValue(request.transportation!.originFlight.flightNumber);
    await number.fill("IR999");
    await submitChange(portal);
    const changed = requestById(await sandbox.state(), 7001)!;
    expect(changed.transportation!.originFlight.flightNumber).toBe("IR999");
    expect(changed.transportation!.destinationFlight).toEqual(
      request.transportation!.destinationFlight,
    );
  });

  test("a change in Persian: the success message on the list, in Persian", async ({
    portal,
    page,
    sandbox,
  }) => {
    const request = requestById(await sandbox.state(), 7001)!;
    await portal.signIn();
    await portal.switchLanguage("فارسی");
    await portal.visit(`/reservations/modify-flight-reservation/${request.id}`);
    await page.getByLabel("شمارهٔ پرواز").first().fill("IR998");
    await portal.submitToRequestsList(
      page.getByRole("button", { name: "ثبت تغییر" }),
      "درخواست با موفقیت ثبت شد",
    );
    const changed = requestById(await sandbox.state(), 7001)!;
    expect(changed.transportation!.originFlight.flightNumber).toBe("IR998");
  });

  test("a change the provider does not allow says why, and offers no form", async ({
    portal,
    page,
    sandbox,
  }) => {
    const confirmed = demoRequests(await sandbox.state()).find((r) => r.state === "Confirmed")!;
    await portal.signInDirectly();
    await portal.visit(`/reservations/reservation-details/${confirmed.id}`);
    await expect(page.getByRole("link", { name: "Change rooms" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Delete request" })).toHaveCount(0);
    await portal.visit(`/reservations/modify-room-reservation/${confirmed.id}`);
    await expect(page.getByTestId("change-refused")).toContainText(
      "The rooms can no longer be changed once a request is Confirmed.",
    );
    await expect(page.getByRole("button", { name: "Submit the change" })).toHaveCount(0);
  });

  // The pre-modify validation is a call of the portal's own design: a provider may not have it.
  test("when the request itself cannot be read, its notes and the box stay, and a note typed is kept", async ({
    portal,
    page,
    sandbox,
  }) => {
    const id = 7003;
    const summaryFails = () =>
      sandbox.fault({
        path: `/api/AccommodationReserveRequestClient/${id}`,
        method: "GET",
        model: "ReserveRequestSummary",
        status: 500,
      });
    await portal.signInDirectly();
    // A page opened while the provider cannot give the request: its notes still read.
    await summaryFails();
    const response = await page.goto(`/reservations/reservation-details/${id}`);
    expect(response?.status()).toBe(503);
    await portal.hydrated();
    const failure = page.getByRole("alert").filter({ hasText: "This request could not be loaded" });
    await expect(failure).toContainText(UNAVAILABLE);
    await expect(failure.getByRole("link", { name: "Try again" })).toBeVisible();
    const earlier = requestById(await sandbox.state(), id)!.notes[0];
    await expect(page.getByText(earlier.content)).toBeVisible();
    await sandbox.clearFaults();

    // A note sent as the provider falters: its error beside the box, the text kept, the page whole.
    await portal.visit(`/reservations/reservation-details/${id}`);
    const box = page.getByLabel("New note to the provider");
    await box.fill("Could the room face the sea?");
    await summaryFails();
    await page.getByRole("button", { name: "Send note" }).click();
    await expect(page.getByRole("alert").first()).toContainText(UNAVAILABLE);
    await expect(box).toHaveValue("Could the room face the sea?");
    // With JS the refused send leaves the page as it was (it is not loaded again); without, the
    // page comes back from the post, as much of it as the provider gives.
    await expect(page.getByText("This request could not be loaded")).toHaveCount(
      portal.javaScriptEnabled ? 0 : 1,
    );
    await sandbox.clearFaults();
    await page.getByRole("button", { name: "Send note" }).click();
    await expect(
      page.locator('[data-from="agency"]').filter({ hasText: "Could the room face the sea?" }),
    ).toBeVisible();
  });

  for (const { name, fault } of [
    { name: "answers 404", fault: { status: 404 } },
    { name: "answers 500", fault: { status: 500 } },
    { name: "answers in another shape", fault: { status: 200, body: { CanModify: true } } },
  ])
    test(`when the pre-modify validation ${name}, the changes and the note box are still offered, and the provider's refusal shows`, async ({
      portal,
      page,
      sandbox,
    }) => {
      const state = await sandbox.state();
      const requested = demoRequests(state).find((r) => r.state === "Requested")!;
      // The sandbox's provider allows no room change once payment is asked for.
      const awaitingPayment = demoRequests(state).find((r) => r.state === "PaymentPending")!;
      await sandbox.fault({
        path: "/api/AccommodationReserveRequestClient",
        method: "GET",
        model: "ReserveRequestPermissions",
        ...fault,
      });
      await portal.signInDirectly();
      await portal.visit(`/reservations/reservation-details/${requested.id}`);
      const actions = page.getByRole("navigation", { name: "What you can do with this request" });
      for (const action of ["Change dates", "Change rooms", "Change flights", "Delete request"])
        await expect(actions.getByRole("link", { name: action })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);
      await page.getByLabel("New note to the provider").fill("Sent without the pre-check.");
      await page.getByRole("button", { name: "Send note" }).click();
      await expect(
        page.locator('[data-from="agency"]').filter({ hasText: "Sent without the pre-check." }),
      ).toBeVisible();

      await portal.visit(`/reservations/modify-room-reservation/${awaitingPayment.id}`);
      await expect(page.getByTestId("change-allowed")).toContainText(
        "The provider checks this change when you send it",
      );
      const firstName = page.getByLabel("First name").first();
      await firstName.fill("Roya");
      await page.getByRole("button", { name: "Submit the change" }).click();
      await expect(page.getByRole("alert").first()).toContainText(
        "The rooms can no longer be changed once a request is PaymentPending.",
      );
      await expect(firstName).toHaveValue("Roya");
      expect(requestById(await sandbox.state(), awaitingPayment.id)!.rooms).toEqual(
        awaitingPayment.rooms,
      );
    });

  test(
    "delete asks first, and only then withdraws the request",
    ENGINE_SPECIFIC,
    async ({ portal, page, sandbox }) => {
      const request = demoRequests(await sandbox.state()).find((r) => r.state === "Requested")!;
      await portal.signInDirectly();
      await portal.visit(`/reservations/reservation-details/${request.id}`);
      await page.getByRole("link", { name: "Delete request" }).click();
      await expect(
        page.getByRole("heading", { name: `Delete request ${request.requestNumber}?` }),
      ).toBeVisible();
      await page.getByRole("link", { name: "No, keep it" }).click();
      await expect(page.getByRole("heading", { name: /Delete request/ })).toHaveCount(0);
      expect(requestById(await sandbox.state(), request.id)).toBeTruthy();

      await page.getByRole("link", { name: "Delete request" }).click();
      await page.getByRole("button", { name: "Yes, delete it" }).click();
      await page.waitForURL(/\/reservations\/list$/);
      await expect(page.getByText(`Request ${request.requestNumber} was deleted.`)).toBeVisible();
      expect(requestById(await sandbox.state(), request.id)).toBeUndefined();
    },
  );
});
