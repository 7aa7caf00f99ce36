import type { Browser, Page } from "@playwright/test";
import { DEMO_USER, OTHER_AGENCY_USER } from "#sandbox/seed";
import { ENGINE_SPECIFIC, expect, Portal, startPortalInstance, test } from "./fixtures";
import { SHARING_WORDS } from "./sharing-words";
import { createDatabase } from "../postgres-server";
import { freePort, workerServers } from "./servers";
import { violationsOf } from "./accessibility";
import { runTogether, textWithCss, textWithoutCss } from "./without-css";

/**
 * The agency's customer (issue 67): a client offer shared as a link that the customer opens with
 * no sign-in, under the agency's logo and contact lines, with the price with the markup and no
 * traveller's data; the offers the agency sent, withdrawn from there; the branding page; each
 * kind of bad input refused with nothing stored; another agency's clerk kept out; and the pages
 * that need the portal's own store saying so when it is down, while the rest works.
 */

test.describe.configure({ timeout: 60_000 });

/** A request of the demo agency in the seed, and its agency's name there. */
const REQUEST = 7001;
const AGENCY = "Parsian Travel";

/** A PNG of one pixel: the smallest real logo. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const WORDS = SHARING_WORDS;

type Language = keyof typeof WORDS;

async function saveBranding(
  portal: Portal,
  language: Language,
  logo: { name: string; mimeType: string; buffer: Buffer },
  contactLines?: string,
) {
  const { page } = portal;
  const words = WORDS[language];
  await portal.visit("/agency/branding");
  await page.getByLabel(words.logo, { exact: true }).setInputFiles(logo);
  if (contactLines !== undefined) await page.getByLabel(words.contact).fill(contactLines);
  await page.getByRole("button", { name: words.save }).click();
}

/** Shares the request's offer at a 12% markup in both languages; the link shown. */
async function shareOffer(portal: Portal, language: Language, preparedFor: string) {
  const { page } = portal;
  const words = WORDS[language];
  await portal.visit(
    `/reservations/reservation-details/${REQUEST}/offer?markupKind=percent&markup=12&language=both`,
  );
  const price = (await page
    .getByTestId("client-offer-en")
    .getByTestId("offer-price")
    .textContent())!;
  await page.getByLabel(words.preparedFor).fill(preparedFor);
  await page.getByRole("button", { name: words.share }).click();
  await expect(page.getByRole("heading", { name: words.linkHeading })).toBeVisible();
  const link = await page.locator("#shared-link-url").inputValue();
  expect(link).toMatch(/\/offer\/[A-Za-z0-9_-]{43}$/);
  return { link, price };
}

/**
 * Another person's browser (the customer, another agency's clerk): cookies of its own, scripts as
 * the project's, at an address of its own (the test portals trust X-Forwarded-For).
 */
async function anotherBrowser(
  browser: Browser,
  javaScriptEnabled: boolean,
  baseURL: string,
  address: string,
  { phone = false } = {},
) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    // A customer's phone: the screen of a common one, in CSS pixels.
    ...(phone ? { viewport: { width: 390, height: 844 } } : {}),
    locale: "en-GB",
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  const page = await context.newPage();
  return { page, portal: new Portal(page, javaScriptEnabled), close: () => context.close() };
}

async function offersListed(page: Page) {
  return page.getByTestId("shared-offers").getByRole("listitem");
}

test.describe("shared offers", () => {
  for (const language of ["en", "fa"] as const) {
    test(
      `an offer shared as a link opens for the customer on a phone with the agency's logo and price, without a guest's data, until withdrawn (${language})`,
      ENGINE_SPECIFIC,
      async ({ portal, page, browser, sandbox, javaScriptEnabled, baseURL }) => {
        // A journey of two people (the clerk's seven pages, the customer's three): 19 s in
        // Chromium beside a CPU hog, 33 s in Firefox on a quiet CI run, so 150 s.
        test.setTimeout(150_000);
        const words = WORDS[language];
        await portal.signInDirectly();
        await portal.chooseLanguageDirectly(language);
        await saveBranding(
          portal,
          language,
          { name: "logo.png", mimeType: "image/png", buffer: PNG },
          "Valiasr St. 12, Tehran\n+98 21 5555 0101",
        );
        await expect(page.getByText(words.saved)).toBeVisible();
        await expect(page.getByRole("img", { name: /logo|لوگو/ })).toBeVisible();

        // The logo and the contact lines head the papers a customer is handed.
        await portal.visit(`/reservations/reservation-details/${REQUEST}/print`);
        await expect(page.getByTestId("agency-brand").getByRole("img")).toBeVisible();
        await expect(page.getByTestId("agency-brand")).toContainText("+98 21 5555 0101");

        const { link, price } = await shareOffer(portal, language, "The Rezaei family");
        await expect(page.getByTestId("agency-brand").getByRole("img")).toBeVisible();
        // The printed offer carries the link as a QR code.
        await expect(page.locator("#shared-link svg[role=img] path")).toHaveAttribute("d", /^M/);
        if (javaScriptEnabled) expect(await violationsOf(page)).toEqual([]);

        const customer = await anotherBrowser(browser, javaScriptEnabled, baseURL!, "10.9.9.8", {
          phone: true,
        });
        const answer = await customer.page.goto(link);
        expect(answer?.status()).toBe(200);
        const headers = answer!.headers();
        expect(headers["x-robots-tag"]).toContain("noindex");
        expect(headers["referrer-policy"]).toBe("no-referrer");
        const html = await answer!.text();
        // Nothing to run: the page is whole without a script.
        expect(html).not.toContain("<script");
        const offer = customer.page.getByTestId("shared-offer");
        await expect(
          offer.getByTestId("shared-offer-en").getByTestId("shared-offer-price"),
        ).toHaveText(price);
        await expect(customer.page.getByTestId("shared-offer-fa")).toHaveAttribute("dir", "rtl");
        await expect(customer.page.getByText(AGENCY)).toBeVisible();
        await expect(customer.page.getByText("+98 21 5555 0101")).toBeVisible();
        await expect(customer.page.getByTestId("prepared-for")).toHaveText("The Rezaei family");
        // axe runs in the page: with scripts on (the page itself has none either way).
        if (javaScriptEnabled) expect(await violationsOf(customer.page)).toEqual([]);
        const logo = await customer.page.request.get(`${link}/logo`);
        expect(logo.headers()["content-type"]).toBe("image/png");
        expect(Buffer.from(await logo.body()).equals(PNG)).toBe(true);
        // No traveller's data, no provider price, no request number: in the page or anywhere in it.
        const state = await sandbox.state();
        const request = state.requests.find((entry) => entry.id === REQUEST)!;
        for (const guest of request.rooms.flatMap((room) => room.passengers)) {
          expect(html).not.toContain(guest.firstName);
          expect(html).not.toContain(guest.lastName);
          expect(html).not.toContain(guest.passportNumber);
        }
        expect(html).not.toContain(request.requestNumber);

        // The agency's list: the offer, who it was for, opened once; then withdrawn.
        await portal.visit("/agency/offers");
        const listed = await offersListed(page);
        await expect(listed).toHaveCount(1);
        await expect(listed).toContainText("The Rezaei family");
        await expect(listed).toContainText(words.openedOnce);
        // A text browser reads it as separate values (lynx, w3m: no CSS, no script).
        if (!javaScriptEnabled)
          expect(
            runTogether(
              await textWithCss(customer.page, link),
              await textWithoutCss(customer.page, link),
            ),
          ).toEqual([]);
        await listed.getByRole("button", { name: words.withdraw }).click();
        await expect(page.getByText(words.withdrawn)).toBeVisible();
        await expect(listed.getByRole("button", { name: words.withdraw })).toHaveCount(0);

        const ended = await customer.page.goto(link);
        expect(ended?.status()).toBe(410);
        await expect(customer.page.getByRole("heading", { name: WORDS.en.ended })).toBeVisible();
        expect((await customer.page.request.get(`${link}/logo`)).status()).toBe(404);
        await customer.close();
      },
    );
  }

  test("bad input is refused next to its field and nothing is stored: a name with markup or of 10,000 characters, a logo that is no image, an SVG, or too large; a token malformed or never given", async ({
    portal,
    page,
  }) => {
    const words = WORDS.en;
    await portal.signInDirectly();
    await portal.visit(
      `/reservations/reservation-details/${REQUEST}/offer?markupKind=percent&markup=12&language=en`,
    );
    const name = page.getByLabel(words.preparedFor);
    await name.fill("<b>Rezaei</b>");
    await page.getByRole("button", { name: words.share }).click();
    await expect(page.getByText(words.noMarkup).first()).toBeVisible();
    await expect(name).toHaveValue("<b>Rezaei</b>");
    await expect(name).toHaveAttribute("aria-invalid", "true");

    const offerPath = `/reservations/reservation-details/${REQUEST}/offer`;
    const tooLong = await portal.sendForm(
      `${offerPath}?share`,
      { markupKind: "percent", markup: "12", language: "en", preparedFor: "a".repeat(10_000) },
      offerPath,
    );
    expect(tooLong.status()).toBe(400);

    await saveBranding(portal, "en", {
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    });
    await expect(page.getByText(words.logoType).first()).toBeVisible();
    await saveBranding(portal, "en", {
      name: "logo.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not an image at all"),
    });
    await expect(page.getByText(words.logoType).first()).toBeVisible();
    const large = Buffer.concat([PNG, Buffer.alloc(201 * 1024)]);
    await saveBranding(portal, "en", { name: "logo.png", mimeType: "image/png", buffer: large });
    await expect(page.getByText(words.logoTooLarge).first()).toBeVisible();

    await portal.visit("/agency/offers");
    await expect(page.getByText(words.none)).toBeVisible();
    expect((await page.request.get("/agency/branding/logo")).status()).toBe(404);

    for (const token of ["short", "a".repeat(43), "../../etc/passwd", "%00"]) {
      const answer = await page.request.get(`/offer/${token}`);
      expect(answer.status(), token).toBe(404);
    }
  });

  test("another agency's clerk cannot list, withdraw or see this agency's offers or logo", async ({
    portal,
    page,
    browser,
    javaScriptEnabled,
    baseURL,
  }) => {
    await portal.signInDirectly(DEMO_USER);
    await saveBranding(portal, "en", { name: "logo.png", mimeType: "image/png", buffer: PNG });
    const { link } = await shareOffer(portal, "en", "Rezaei");
    await portal.visit("/agency/offers");
    const offerId = await page.locator('input[name="offerId"]').getAttribute("value");

    const other = await anotherBrowser(browser, javaScriptEnabled, baseURL!, "10.9.9.9");
    const otherPortal = other.portal;
    await otherPortal.signInDirectly(OTHER_AGENCY_USER);
    await otherPortal.visit("/agency/offers");
    await expect(other.page.getByText(WORDS.en.none)).toBeVisible();
    const withdraw = await otherPortal.sendForm("/agency/offers", { offerId: offerId! });
    expect(withdraw.status()).toBe(404);
    expect((await other.page.request.get("/agency/branding/logo")).status()).toBe(404);
    await other.close();

    // The offer is still the customer's.
    expect((await page.request.get(link)).status()).toBe(200);
  });

  for (const [storeIs, databaseUrl] of [
    ["down", async () => `postgres://postgres@127.0.0.1:${await freePort()}/portal`],
    // A new deployment's first seconds under podman-compose, before its migration has run.
    [
      "not migrated yet",
      () => createDatabase(workerServers().databaseUrl, "unmigrated", { migrated: false }),
    ],
  ] as const)
    test(`with the store ${storeIs}, the pages that need it say so and the rest works`, async ({
      browser,
      javaScriptEnabled,
    }) => {
      const instance = await startPortalInstance({ DATABASE_URL: await databaseUrl() });
      const health = await (await fetch(`${instance.url}/healthcheck`)).json();
      expect(health).toMatchObject({ status: "ok", store: "unavailable" });
      const visitor = await anotherBrowser(browser, javaScriptEnabled, instance.url, "10.9.9.10");
      await visitor.portal.signInDirectly();
      for (const path of ["/agency/branding", "/agency/offers"]) {
        const answer = await visitor.page.goto(path);
        expect(answer?.status(), path).toBe(200);
        await expect(visitor.page.getByText(WORDS.en.unavailable)).toBeVisible();
      }
      const customer = await visitor.page.request.get(`/offer/${"a".repeat(43)}`);
      expect(customer.status()).toBe(503);
      for (const path of ["/dashboard", "/reservations/new/hotel", "/reservations/list"])
        expect((await visitor.page.goto(path))?.status(), path).toBe(200);
      await visitor.close();
      await instance.stop();
    });
});
