import type { Locator, Page } from "@playwright/test";
import { OTHER_AGENCY_USER } from "#sandbox/seed";
import { roomsOfAStay } from "./journeys";
import {
  ENGINE_SPECIFIC,
  expect,
  NO_ANSWER_IN_TIME,
  startPortalInstance,
  test,
  type Portal,
} from "./fixtures";
import { violationsAsServed, violationsOf } from "./accessibility";

/**
 * Travellers booked before (issue 68): a guest's details found by a part of the name among the
 * agency's earlier requests, and filled in; without JS by the rooms form's own post, with JS by a
 * combobox that asks as the clerk types. The seed books the Farahani family in three requests,
 * Mina with a new passport in the newest.
 */

test.describe.configure({ timeout: 60_000 });

const WORDS = {
  en: {
    addDouble: "Add a Double room",
    guest: (number: number) => `Main guest ${number}`,
    find: "Find a traveller booked before",
    findButton: "Find a traveller",
    firstName: "First name",
    use: (name: string) => `Fill in ${name}`,
    continue: "Continue",
    submit: "Submit request",
    submitted: "Request was submitted successfully",
    none: "No traveller named",
    tooShort: "Type at least 2 letters of the name.",
    tooLong: "A name has at most 50 characters",
    unavailable: "The provider is not answering the search.",
    tooMany: /Wait \d+ minutes?, then search again/,
  },
  fa: {
    addDouble: "افزودن اتاق Double",
    guest: (number: number) => `مهمان اصلی ${number === 1 ? "۱" : "۲"}`,
    find: "یافتن مسافری که پیش‌تر رزرو شده",
    findButton: "یافتن مسافر",
    firstName: "نام",
    use: (name: string) => `پر کردن با ${name}`,
    continue: "ادامه",
    submit: "ارسال درخواست",
    submitted: "درخواست با موفقیت ثبت شد",
    none: "مسافری با نام",
    tooShort: "دست‌کم ۲ حرف از نام را وارد کنید.",
    tooLong: "نام حداکثر ۵۰ نویسه دارد",
    unavailable: "تأمین‌کننده به جست‌وجو پاسخ نمی‌دهد.",
    tooMany: /[۰-۹]+ دقیقه صبر کنید/,
  },
} as const;
type Language = keyof typeof WORDS;

/** Signed in (as `user`), in `language`, on the rooms step of a stay at Marina Pearl Resort. */
async function toRooms(portal: Portal, language: Language, user?: typeof OTHER_AGENCY_USER) {
  await portal.signInDirectly(user);
  if (language === "fa") await portal.chooseLanguageDirectly("fa");
  await roomsOfAStay(portal, language);
}

/** A guest's group of fields in room 1. */
const guestGroup = (page: Page, language: Language, number: number) =>
  page.getByTestId("room-1").getByRole("group", { name: WORDS[language].guest(number) });

/**
 * Looks `typed` up beside a guest, the clerk's way: without JS the search field and its button
 * (a round trip of the whole form), with JS the combobox as one types.
 */
async function findTraveller(portal: Portal, guest: Locator, language: Language, typed: string) {
  const words = WORDS[language];
  const finder = guest.getByTestId("traveller-finder");
  await finder.getByLabel(words.find).fill(typed);
  if (!portal.javaScriptEnabled)
    await finder.getByRole("button", { name: words.findButton }).click();
  return finder;
}

/** Picks the traveller named `name` among the matches shown (the first of them, if several). */
async function pickTraveller(portal: Portal, finder: Locator, language: Language, name: string) {
  if (portal.javaScriptEnabled)
    await finder
      .getByRole("option", { name: new RegExp(name) })
      .first()
      .click();
  else
    await finder
      .getByRole("button", { name: WORDS[language].use(name) })
      .first()
      .click();
}

for (const language of ["en", "fa"] as const) {
  test(
    `two guests filled from earlier requests reach the provider with their exact details (${language})`,
    language === "en" ? ENGINE_SPECIFIC : {},
    async ({ portal, page, sandbox }) => {
      const words = WORDS[language];
      const family = (await sandbox.state()).requests.find((request) => request.id === 7022)!;
      const [nima, mina] = family.rooms[0].passengers;
      await toRooms(portal, language);
      await portal.hydrated();
      await page.getByRole("button", { name: words.addDouble }).click();

      // A part of a name typed by hand stays while the search goes and comes back.
      const first = guestGroup(page, language, 1);
      await first.getByLabel(words.firstName, { exact: true }).fill("Ni");
      const finder = await findTraveller(portal, first, language, "nima far");
      await expect(first.getByLabel(words.firstName, { exact: true })).toHaveValue("Ni");
      await pickTraveller(portal, finder, language, "Nima Farahani");
      await expect(first.getByLabel(words.firstName, { exact: true })).toHaveValue("Nima");

      // Mina twice over: her renewed passport (the newest request) comes first.
      const second = guestGroup(page, language, 2);
      const minaFinder = await findTraveller(portal, second, language, "Mina");
      const options = portal.javaScriptEnabled
        ? minaFinder.getByRole("option")
        : minaFinder.getByTestId("traveller-results").getByRole("listitem");
      await expect(options).toHaveCount(2);
      await expect(options.first()).toContainText(mina.passportNumber.slice(-4));
      await pickTraveller(portal, minaFinder, language, "Mina Farahani");
      await expect(first.getByLabel(words.firstName, { exact: true })).toHaveValue("Nima");

      await page.getByRole("button", { name: words.continue }).last().click();
      await page.waitForURL(/\/review$/);
      await portal.hydrated();
      await portal.submitToRequestsList(
        page.getByRole("button", { name: words.submit }),
        words.submitted,
      );
      const [received] = (await sandbox.state()).receivedReservations;
      const sent = (guest: typeof nima) => ({
        FirstName: guest.firstName,
        LastName: guest.lastName,
        Birthday: guest.dateOfBirth,
        Gender: guest.gender,
        PassportNumber: guest.passportNumber,
        NationalityCountryCode: guest.nationalityCountryCode,
      });
      expect(received.body).toMatchObject({
        ReserveRoomRequests: [{ Passengers: [sent(nima), sent(mina)] }],
      });
    },
  );
}

test("the modify-rooms screen fills a guest from a traveller booked before (with JS by the keyboard), the rest of the room kept", async ({
  portal,
  page,
  sandbox,
}) => {
  const state = await sandbox.state();
  const request = state.requests.find((entry) => entry.id === 7002)!;
  const mina = state.requests.find((entry) => entry.id === 7022)!.rooms[0].passengers[1];
  await portal.signInDirectly();
  await portal.visit(`/reservations/modify-room-reservation/${request.id}`);
  await portal.hydrated();
  const guest = guestGroup(page, "en", 1);
  const finder = await findTraveller(portal, guest, "en", "Mina Farahani");
  if (portal.javaScriptEnabled) {
    // With the keyboard alone: the first match (her renewed passport) is picked.
    const first = finder.getByRole("option").first();
    await expect(first).toBeVisible();
    // The combobox may make the first match the active one as the list opens.
    if ((await first.getAttribute("data-focus")) === null) await page.keyboard.press("ArrowDown");
    await expect(first).toHaveAttribute("data-focus", "");
    await page.keyboard.press("Enter");
  } else await pickTraveller(portal, finder, "en", "Mina Farahani");
  await expect(guest.getByLabel("Passport number")).toHaveValue(mina.passportNumber);
  await portal.submitToRequestsList(
    page.getByRole("button", { name: "Submit the change" }),
    "Request was submitted successfully",
  );
  const changed = (await sandbox.state()).requests.find((entry) => entry.id === 7002)!;
  expect(changed.rooms[0].passengers[0]).toMatchObject({
    firstName: "Mina",
    lastName: "Farahani",
    dateOfBirth: mina.dateOfBirth,
    passportNumber: mina.passportNumber,
  });
  expect(changed.rooms[0].passengers.slice(1)).toEqual(request.rooms[0].passengers.slice(1));
});

test("the travellers shown are the agency's own: a clerk of another agency finds none", async ({
  portal,
  page,
}) => {
  await toRooms(portal, "en", OTHER_AGENCY_USER);
  await portal.hydrated();
  await page.getByRole("button", { name: "Add a Double room" }).click();
  const finder = await findTraveller(portal, guestGroup(page, "en", 1), "en", "Farahani");
  await expect(finder.getByRole("status")).toContainText(WORDS.en.none);
  await expect(finder.getByText("Nima")).toHaveCount(0);
});

test("bad input and a provider that fails or is slow get a message beside the search; nothing typed is lost", async ({
  portal,
  page,
  sandbox,
  impatientPortalUrl,
}) => {
  await toRooms(portal, "en");
  await portal.hydrated();
  await page.getByRole("button", { name: "Add a Double room" }).click();
  const guest = guestGroup(page, "en", 1);
  await guest.getByLabel("Last name").fill("Typed By Hand");
  const status = guest.getByTestId("traveller-finder").getByRole("status");
  for (const [typed, message] of [
    ["\u200fN\u200e", WORDS.en.tooShort],
    ["<b>", WORDS.en.tooShort],
    ["Farahani".repeat(25), WORDS.en.tooLong],
  ] as const) {
    await findTraveller(portal, guest, "en", typed);
    await expect(status).toContainText(message);
    await expect(guest.getByLabel("Last name")).toHaveValue("Typed By Hand");
  }
  await findTraveller(portal, guest, "en", "<script>alert(1)</script>Farahani");
  await expect(status).toContainText(WORDS.en.none);

  const search = {
    path: "/api/AccommodationReserveRequestClient",
    model: "ReserveRequestTravellers",
  };
  await sandbox.fault({ ...search, status: 500 });
  await findTraveller(portal, guest, "en", "Farahani");
  await expect(status).toContainText(WORDS.en.unavailable);
  await expect(guest.getByLabel("Last name")).toHaveValue("Typed By Hand");

  // A provider that does not answer in time: the same message, once the portal stops waiting.
  await sandbox.clearFaults();
  await sandbox.fault({ ...search, ...NO_ANSWER_IN_TIME });
  const slow = await page.request.get(`${impatientPortalUrl}/reservations/travellers?q=Farahani`);
  expect(slow.status()).toBe(200);
  expect(await slow.json()).toEqual({
    items: [],
    message: expect.stringContaining(WORDS.en.unavailable),
  });
});

test("a search past the user's lookup limit is refused with the translated wait", async ({
  portal,
  page,
}) => {
  // An instance whose users may make two lookups (LOOKUPS_PER_USER), on the worker's sessions.
  const instance = await startPortalInstance({ LOOKUPS_PER_USER: "2" });
  try {
    await toRooms(portal, "fa");
    for (const answer of await Promise.all(
      [1, 2].map(() => page.request.get(`${instance.url}/reservations/travellers?q=zz`)),
    ))
      expect(answer.status()).toBe(200);
    const refused = await page.request.get(`${instance.url}/reservations/travellers?q=Farahani`);
    expect(refused.status()).toBe(429);
    expect((await refused.json()).items).toEqual([]);
    await page.goto(`${instance.url}/reservations/new/rooms`);
    await portal.hydrated();
    await page.getByRole("button", { name: WORDS.fa.addDouble }).click();
    const finder = await findTraveller(portal, guestGroup(page, "fa", 1), "fa", "Farahani");
    await expect(finder.getByRole("status")).toContainText(WORDS.fa.tooMany);
  } finally {
    await instance.kill();
  }
});

for (const language of ["en", "fa"] as const) {
  test(`the rooms step with a traveller search's matches shown has no accessibility violations (${language})`, async ({
    portal,
    page,
  }) => {
    test.skip(!portal.javaScriptEnabled, "axe runs in a page with JavaScript on");
    await toRooms(portal, language);
    await portal.hydrated();
    await page.getByRole("button", { name: WORDS[language].addDouble }).click();
    const guest = guestGroup(page, language, 1);
    const finder = await findTraveller(portal, guest, language, "Farahani");
    await expect(finder.getByRole("option").first()).toBeVisible();
    expect(await violationsOf(page)).toEqual([]);

    // The same matches as a page without JS gets them: the rooms form sent by "Find a traveller".
    const field = "traveller:rooms[0].guests[0]";
    const answer = await portal.sendForm("/reservations/new/rooms", {
      "rooms[0].roomTypeId": await page.locator('input[name="rooms[0].roomTypeId"]').inputValue(),
      "rooms[0].guests[0].firstName": "",
      "rooms[0].guests[1].firstName": "",
      [field]: "Farahani",
      "find-traveller:rooms[0].guests[0]": "",
    });
    expect(answer.status()).toBe(200);
    expect(await violationsAsServed(page, await answer.text())).toEqual([]);
    await expect(page.getByTestId("traveller-results").getByRole("listitem").first()).toBeVisible();
  });
}
