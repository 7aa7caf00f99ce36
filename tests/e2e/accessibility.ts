import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, type Portal } from "./fixtures";

/**
 * axe-core's automated checks (WCAG 2.1 A and AA) for the page a test is on, hydrated and as
 * served without JavaScript, for `accessibility.spec.ts` and the wizard's steps.
 */

/**
 * The page as a browser without JavaScript has it, where axe can run (axe needs scripts): the
 * served HTML, its scripts taken out and its `<noscript>` parts shown, opened in place of the
 * test's page; styles come from the portal as usual.
 */
async function showAsServedWithoutScripts(page: Page, html: string) {
  const url = page.url();
  await page.route(
    url,
    (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }),
    { times: 1 },
  );
  await page.goto(url);
}

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export async function violationsOf(page: Page, skipRules: string[] = []) {
  const results = await new AxeBuilder({ page })
    // axe.run in the page itself: the default runs each frame apart and then opens a blank page to
    // join the results, for iframes from other origins, which no page of the portal has. That page
    // made a check take 1.6–2.2 s instead of 0.6–0.7 s.
    .setLegacyMode(true)
    .withTags(WCAG_21_AA)
    .disableRules(skipRules)
    // Only violations are read: axe skips the details of what passed, which is most of its time.
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

/**
 * axe-core's automated checks (WCAG 2.1 A and AA) on the page as it is now (hydrated), then (unless
 * `asServed` is false) on the same page as served to a browser without JavaScript, which takes the
 * test's page's place. The second skips colour contrast: the styles are the same, only the markup
 * differs. A page's markup is the same in both languages but for its texts and `dir`, which the
 * hydrated pass checks in each: the accessibility spec runs the second in English only. Needs JS on.
 */
export async function expectNoViolations(portal: Portal, { asServed = true } = {}) {
  if (!portal.javaScriptEnabled) throw new Error("axe runs only in a page with JavaScript on");
  const url = portal.page.url();
  expect(await violationsOf(portal.page), url).toEqual([]);
  const served = (await (await portal.page.request.get(url)).text())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?noscript>/gi, "");
  // axe 4 no longer checks this, but a repeated id sends labels and references to the wrong element.
  expect(repeatedIds(served), `${url}: ids on more than one element`).toEqual([]);
  if (!asServed) return;
  await showAsServedWithoutScripts(portal.page, served);
  expect(await violationsOf(portal.page, ["color-contrast"]), `${url}, without JS`).toEqual([]);
}

/** axe's violations on `html` as a browser without JS has it (a page a form post answered). */
export async function violationsAsServed(page: Page, html: string) {
  const served = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?noscript>/gi, "");
  await showAsServedWithoutScripts(page, served);
  return violationsOf(page, ["color-contrast"]);
}

function repeatedIds(html: string) {
  const counts = new Map<string, number>();
  for (const [, id] of html.matchAll(/<[^>]*\sid="([^"]+)"/g))
    counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([id]) => id);
}
