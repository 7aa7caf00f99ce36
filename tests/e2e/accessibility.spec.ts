import { PUBLIC_PAGES, SIGNED_IN_PAGES } from "#tests/pages";
import { expectNoViolations } from "./accessibility";
import { expect, test, type Portal } from "./fixtures";
import { PAGES_IN_A_STATE } from "./page-states";

/**
 * The page at `path` in English, hydrated and as served without JS, then in Persian, hydrated: a
 * page's markup is the same in both languages but for its texts and `dir`. Both in one test, so
 * the sign-in and the state the page needs are made once.
 */
async function expectAccessibleInBothLanguages(portal: Portal, path: string, status = 200) {
  for (const language of ["en", "fa"] as const) {
    await portal.chooseLanguageDirectly(language);
    const response = await portal.page.goto(path);
    expect(response!.status(), path).toBe(status);
    await portal.hydrated();
    await expect(portal.page.locator("html")).toHaveAttribute("lang", language);
    await expectNoViolations(portal, { asServed: language === "en" });
  }
}

// One test per page, each with its own time: axe runs three times on a page (hydrated in each
// language and as served without JS), a few seconds on a busy machine, and a loop over every page
// would not fit. The longest, the wizard's last step, took 18 s on a quiet machine.
test.describe("accessibility, with JS and without, in English and Persian", () => {
  test.describe.configure({ timeout: 90_000 });
  // axe needs scripts: the run with JS on checks both the hydrated page and the served one.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "each test checks both forms of a page");

  for (const path of PUBLIC_PAGES)
    test(path, async ({ portal }) => {
      await expectAccessibleInBothLanguages(portal, path);
    });
  for (const path of Object.values(SIGNED_IN_PAGES).flat())
    test(`${path}, signed in`, async ({ portal }) => {
      await portal.signInDirectly();
      await expectAccessibleInBothLanguages(portal, path);
    });
  for (const { name, path, status, reach } of PAGES_IN_A_STATE)
    test(name, async ({ portal, sandbox }) => {
      // The wizard's forms as an English page sends them (its date format), then the languages.
      await reach(portal, sandbox);
      await expectAccessibleInBothLanguages(portal, path, status);
    });
});
