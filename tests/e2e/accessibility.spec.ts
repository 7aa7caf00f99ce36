import { PUBLIC_PAGES, SIGNED_IN_PAGES } from "#tests/pages";
import { expectNoViolations } from "./accessibility";
import { expect, test } from "./fixtures";
import { PAGES_IN_A_STATE } from "./page-states";

// One test per page and language, each with its own time: axe runs twice on a page (hydrated and
// as served without JS), a few seconds on a busy machine, and a loop over every page would not fit.
test.describe("accessibility, with JS and without", () => {
  // axe needs scripts: the run with JS on checks both the hydrated page and the served one.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "each test checks both forms of a page");

  for (const language of ["en", "fa"] as const) {
    for (const path of PUBLIC_PAGES) {
      test(`${path}, in ${language}`, async ({ portal }) => {
        await portal.chooseLanguageDirectly(language);
        await portal.visit(path);
        await expect(portal.page.locator("html")).toHaveAttribute("lang", language);
        await expectNoViolations(portal, { asServed: language === "en" });
      });
    }
    for (const path of Object.values(SIGNED_IN_PAGES).flat()) {
      test(`${path}, signed in, in ${language}`, async ({ portal }) => {
        await portal.signInDirectly();
        await portal.chooseLanguageDirectly(language);
        await portal.visit(path);
        await expect(portal.page.locator("html")).toHaveAttribute("lang", language);
        await expectNoViolations(portal, { asServed: language === "en" });
      });
    }
    for (const { name, path, status, reach } of PAGES_IN_A_STATE) {
      test(`${name}, in ${language}`, async ({ portal, sandbox }) => {
        // The wizard's forms as an English page sends them (its date format), then the language.
        await reach(portal, sandbox);
        await portal.chooseLanguageDirectly(language);
        const response = await portal.page.goto(path);
        expect(response!.status(), path).toBe(status);
        await portal.hydrated();
        await expect(portal.page.locator("html")).toHaveAttribute("lang", language);
        await expectNoViolations(portal, { asServed: language === "en" });
      });
    }
  }
});
