import { PUBLIC_PAGES, SIGNED_IN_PAGE_GROUPS, wizardSteps } from "#tests/pages";
import { expect, test } from "./fixtures";
import { PAGES_IN_A_STATE } from "./page-states";
import { runTogether, textWithCss, textWithoutCss } from "./without-css";

/**
 * The least browser (issue 55): a text browser such as lynx or w3m, with neither JavaScript nor
 * CSS, and what a screen reader's reading mode or a copy-paste takes from a page. How the portal
 * was tried in both: docs/quality.md, "Text browsers".
 */

test.describe("without CSS", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "a text browser runs no scripts");

  for (const language of ["en", "fa"] as const)
    for (const [group, pages] of Object.entries({
      public: PUBLIC_PAGES,
      ...SIGNED_IN_PAGE_GROUPS,
    }))
      test(`the ${group} pages in ${language} read as separate values`, async ({
        portal,
        page,
      }) => {
        if (group !== "public") await portal.signInDirectly();
        if (language === "fa") await portal.chooseLanguageDirectly("fa");
        for (const path of pages) {
          const withCss = await textWithCss(page, path);
          const withoutCss = await textWithoutCss(page, path);
          expect.soft(runTogether(withCss, withoutCss), path).toEqual([]);
        }
      });
});

test.describe("without CSS, in a state", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "a text browser runs no scripts");

  // The wizard's later steps (the review's price table among them) and the error pages.
  for (const { name, path, reach } of PAGES_IN_A_STATE)
    test(`${name} reads as separate values in English and Persian`, async ({
      portal,
      page,
      sandbox,
    }) => {
      await reach(portal, sandbox);
      for (const language of ["en", "fa"] as const) {
        await portal.chooseLanguageDirectly(language);
        const withCss = await textWithCss(page, path);
        expect(runTogether(withCss, await textWithoutCss(page, path)), language).toEqual([]);
      }
    });
});

test.describe("grades and charts as text", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "a text browser runs no scripts");

  /** Taksim Garden Inn is a 3-star hotel of the seed; request 7002 is at it. */
  const WHERE_LISTED = [
    ["the hotel step's search", "/reservations/new/hotel"],
    ["the dashboard's packages and promoted hotels", "/dashboard"],
    ["a request's details", "/reservations/reservation-details/7002"],
  ] as const;

  for (const [language, threeStars] of [
    ["en", "★★★☆☆ 3 stars"],
    ["fa", "★★★☆☆ ۳ ستاره"],
  ] as const)
    test(`a 3-star hotel reads as 3 stars wherever it is listed (${language})`, async ({
      portal,
      page,
    }) => {
      await portal.signInDirectly();
      await portal.chooseLanguageDirectly(language);
      for (const [where, path] of WHERE_LISTED) {
        const text = await textWithoutCss(page, path);
        const taksim = text.split("\n").filter((line) => /Taksim Garden Inn/.test(line));
        // On the details page the grade is a row of its own under the hotel's name.
        const grades = path.includes("reservation-details")
          ? text.match(/[★☆]{5}[^\n]*/g)
          : taksim.map((line) => /[★☆]{5}.*/.exec(line)?.[0]);
        expect(grades?.length, where).toBeGreaterThan(0);
        for (const grade of grades!) expect(grade, where).toContain(threeStars);
      }
    });

  test("the chart of requests by state reads each state beside its number", async ({
    portal,
    page,
  }) => {
    await portal.signInDirectly();
    await portal.visit("/dashboard");
    // What a text browser reads of the SVG: its texts in order.
    const words = await page.getByTestId("state-chart").evaluate((svg) => svg.textContent);
    expect(words).toMatch(/^\s*Invoiced\s+\d+\s+Requested\s+\d+\s+Payment pending\s+\d+\s/);
  });
});

test.describe("forms a text browser can send", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "a text browser runs no scripts");

  test("the receipt's file field does not send the form when a file is chosen", async ({
    portal,
    page,
  }) => {
    await portal.signInDirectly();
    await portal.visit("/orders/order-details/3001/receipt");
    // w3m sends a form as soon as a file is chosen for a field with `accept`; the type is checked
    // by the schema and, by its first bytes, on the server.
    const file = page.getByLabel("Receipt file");
    await expect(file).toHaveAttribute("type", "file");
    await expect(file).not.toHaveAttribute("accept", /./);
  });

  test("no hotel is chosen for the clerk, and the default button says what it does after the search fields", async ({
    portal,
    page,
  }) => {
    await portal.signInDirectly();
    await portal.visit("/reservations/new/hotel");
    const chosen = page.locator('input[name="propertyId"]:checked');
    await expect(chosen).toHaveValue("");
    await expect(chosen).toBeHidden();
    // Enter in a field continues: the form's first submit button, placed after the search's
    // fields, just before the search button, and named for what it does (a text browser knows
    // no `form` attribute: only the buttons inside the form are its).
    const buttons = page.locator('#wizard-hotel button[type="submit"]');
    await expect(buttons.first()).toHaveText("Save this step and continue");
    // Where the top bar's buttons belong to the form too, the first of them in the document (the
    // form's default) sends the form unnamed, as that one does: never a language.
    await expect(buttons.first()).not.toHaveAttribute("name");
    const defaultButtonName = await page.evaluate(() => {
      const form = document.getElementById("wizard-hotel") as HTMLFormElement;
      return [...document.querySelectorAll("button")].find(
        (button) => button.form === form && button.type === "submit",
      )?.name;
    });
    expect(defaultButtonName).toBe("");
    const order = await page
      .locator("#wizard-hotel")
      .evaluate((form) =>
        [...form.querySelectorAll("input:not([type=hidden]), select, button[type=submit]")].map(
          (element) => element.getAttribute("name") ?? element.textContent,
        ),
      );
    expect(order.indexOf("Save this step and continue")).toBe(order.indexOf("intent") - 1);
    expect(order.indexOf("Save this step and continue")).toBeGreaterThan(order.indexOf("name"));
    // Sent as it stands, the step says a hotel is to be chosen.
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page.getByRole("group", { name: "Hotel", exact: true })).toContainText(
      "Choose a hotel from the list.",
    );
  });

  test("the rooms step's buttons carry no value a text browser would show, and add and remove rooms", async ({
    portal,
    page,
  }) => {
    const [hotel] = wizardSteps();
    await portal.signInDirectly();
    expect((await portal.sendForm(hotel.path, hotel.moveOn!)).status()).toBe(302);
    await portal.visit("/reservations/new/rooms");
    const values = await page
      .locator("button")
      .evaluateAll((buttons) =>
        (buttons as HTMLButtonElement[])
          .filter((button) => button.type === "submit")
          .map((button) => button.getAttribute("value")),
      );
    // The room types' add buttons among them.
    expect(values.length).toBeGreaterThan(6);
    // lynx shows a button's value before its label: none is JSON; the language switch's name a
    // language.
    for (const value of values) expect(value ?? "").not.toContain("{");
    await page.getByRole("button", { name: "Add a Single room" }).click();
    await expect(page.getByTestId("room-1")).toBeVisible();
    await page.getByRole("button", { name: "Delete room 1" }).click();
    await expect(page.getByTestId("room-1")).toHaveCount(0);
  });
});
