import { PUBLIC_PAGES, SIGNED_IN_PAGE_GROUPS } from "#tests/pages";
import { expect, test } from "./fixtures";
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
