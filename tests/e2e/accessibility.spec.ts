import { PUBLIC_PAGES, SIGNED_IN_PAGES } from "#tests/pages";
import { expectNoViolations } from "./accessibility";
import { test } from "./fixtures";

test.describe("accessibility, with JS and without", () => {
  // axe needs scripts: the run with JS on checks both the hydrated page and the served one.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "each test checks both forms of a page");

  test("public pages", async ({ portal }) => {
    for (const path of PUBLIC_PAGES) {
      await portal.visit(path);
      await expectNoViolations(portal);
    }
    await portal.switchLanguage("فارسی");
    await expectNoViolations(portal);
  });

  test("signed-in pages, in English and Persian", async ({ portal }) => {
    await portal.signInDirectly();
    for (const language of ["English", "فارسی"] as const) {
      if (language === "فارسی") await portal.switchLanguage(language);
      for (const path of SIGNED_IN_PAGES.account) {
        await portal.visit(path);
        await expectNoViolations(portal);
      }
    }
  });

  test("requests pages, in English and Persian", async ({ portal }) => {
    test.setTimeout(120_000);
    await portal.signInDirectly();
    for (const language of ["English", "فارسی"] as const) {
      if (language === "فارسی") await portal.switchLanguage(language);
      for (const path of SIGNED_IN_PAGES.requests) {
        await portal.visit(path);
        await expectNoViolations(portal);
      }
    }
  });

  test("orders, payments and transactions pages, in English and Persian", async ({ portal }) => {
    test.setTimeout(120_000);
    await portal.signInDirectly();
    for (const language of ["English", "فارسی"] as const) {
      if (language === "فارسی") await portal.switchLanguage(language);
      for (const path of SIGNED_IN_PAGES.orders) {
        await portal.visit(path);
        await expectNoViolations(portal);
      }
    }
  });
});
