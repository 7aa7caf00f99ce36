import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, type Portal } from "./fixtures";

/**
 * axe-core's automated checks (WCAG 2.1 A and AA) for the page a test is on, hydrated and as
 * served without JavaScript, for `accessibility.spec.ts` and the wizard's steps.
 */

/**
 * The page as a browser without JavaScript has it, in a page where axe can run: axe needs scripts,
 * and a page with JavaScript off runs none. The served HTML, its scripts taken out and its
 * `<noscript>` parts shown, is opened where scripts run; styles come from the portal as usual.
 */
async function asServedWithoutScripts(portal: Portal, html: string) {
  const url = portal.page.url();
  const copy = await portal.scriptablePage();
  await copy.unrouteAll();
  await copy.route(url, (route) =>
    route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }),
  );
  await copy.goto(url);
  return copy;
}

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function violationsOf(page: Page, skipRules: string[] = []) {
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
 * axe-core's automated checks (WCAG 2.1 A and AA) on the page as it is now (hydrated), then on the
 * same page as served to a browser without JavaScript. The second skips colour contrast: the
 * styles are the same, only the markup differs.
 */
export async function expectNoViolations(portal: Portal) {
  const url = portal.page.url();
  expect(await violationsOf(portal.page), url).toEqual([]);
  const served = (await (await portal.page.request.get(url)).text())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?noscript>/gi, "");
  // axe 4 no longer checks this, but a repeated id sends labels and references to the wrong element.
  expect(repeatedIds(served), `${url}: ids on more than one element`).toEqual([]);
  const withoutScripts = await asServedWithoutScripts(portal, served);
  expect(await violationsOf(withoutScripts, ["color-contrast"]), `${url}, without JS`).toEqual([]);
}

function repeatedIds(html: string) {
  const counts = new Map<string, number>();
  for (const [, id] of html.matchAll(/<[^>]*\sid="([^"]+)"/g))
    counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([id]) => id);
}
