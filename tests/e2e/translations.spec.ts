import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Scripts never make a page worse (issue 39): a translation file that cannot be downloaded (a
 * flaky line, a page left early, a deploy under way) leaves the server's texts in place. The page's
 * own translations come in its document; a later navigation whose file fails is asked of the
 * server. Chromium and Firefox, English and Persian, JavaScript off and on.
 */

/** Every translation file of these namespaces, in either language, is refused by the "network". */
async function refuseTranslations(page: Page, namespaces: string[]) {
  const refused: string[] = [];
  const pattern = new RegExp(`/assets/(${namespaces.join("|")})-[\\w-]+\\.js$`);
  await page.route(pattern, (route) => {
    refused.push(route.request().url());
    return route.abort("connectionfailed");
  });
  return refused;
}

/** Texts shown as their keys ("filters.heading", "layout.skipToContent"). */
const KEY_TEXT = /\b(filters|layout|list|nav)\.[a-zA-Z]+\b/;

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

const locale = (language: string, namespace: string) =>
  JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, "utf8"));

for (const language of ["en", "fa"] as const)
  test(`${language}: with its translation files refused, the requests list keeps its texts and works`, async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    const { filters } = locale(language, "requests");
    const { layout } = locale(language, "common");
    await portal.signInDirectly();
    if (language === "fa") await portal.chooseLanguageDirectly("fa");
    const refused = await refuseTranslations(page, ["common", "requests"]);
    const errors = collectErrors(page);

    await portal.visit("/reservations/list");
    await expect(page.getByText(filters.heading, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: layout.skipToContent })).toBeAttached();
    await expect(page.locator("body")).not.toContainText(KEY_TEXT);
    // Hydration asked for none of them: they were in the document.
    expect(refused).toEqual([]);
    if (javaScriptEnabled) {
      await expect(page.locator("html[data-hydrated]"), "enhanced all the same").toBeAttached();
      // No hydration error (React's #418, #423, #425 when texts differ from the server's).
      expect(errors).toEqual([]);
    }

    // And it works: a filter sent from the page.
    await page.getByLabel(filters.guest).fill("Sara");
    await page.getByRole("button", { name: filters.search }).click();
    await expect(page).toHaveURL(/guest=Sara/);
    await expect(page.locator("body")).not.toContainText(KEY_TEXT);
  });

test("a later page whose translation file cannot be downloaded is the server's, with its texts", async ({
  portal,
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JS every page is the server's");
  await portal.signInDirectly();
  await portal.visit("/dashboard");
  const refused = await refuseTranslations(page, ["orders"]);

  await page.getByRole("link", { name: "Contracts" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole("region", { name: /^Orders \(scrolls sideways/ })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(KEY_TEXT);
  // The browser tried (and was refused) before the server's page came.
  expect(refused.length).toBeGreaterThan(0);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
});
