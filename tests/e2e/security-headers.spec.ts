import { PUBLIC_PAGES, SIGNED_IN_PAGE_GROUPS } from "#tests/pages";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PAGES_IN_A_STATE } from "./page-states";

/**
 * Every page answers with a Content-Security-Policy carrying a fresh nonce for the scripts Remix
 * writes, no inline script without it, no framing; and the headers every answer carries.
 */

const EVERY_SIGNED_IN_PAGE = Object.values(SIGNED_IN_PAGE_GROUPS).flat();

function scriptSource(policy: string) {
  return policy.split(";").find((directive) => directive.trim().startsWith("script-src"))!;
}

/** A browser's user agent: crawlers get the whole page at once, browsers get it as it streams. */
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

test.describe("security headers", () => {
  test("pages carry a nonce policy that their scripts follow, and the common headers", async ({
    portal,
    page,
    sandbox,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "headers are the same with JS on; the next test runs the scripts");
    // Every kind of page in turn: up to 20 s beside a CPU hog.
    test.setTimeout(90_000);
    const nonces = new Set<string>();
    const check = async (path: string, status = 200) => {
      // As a browser asks: it gets the page as it streams, with React's inline scripts in it.
      const response = await page.request.get(path, { headers: { "User-Agent": BROWSER } });
      expect(response.status(), path).toBe(status);
      const headers = response.headers();
      const policy = headers["content-security-policy"];
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("object-src 'none'");
      const scripts = scriptSource(policy);
      expect(scripts, path).not.toContain("unsafe-inline");
      const nonce = scripts.match(/'nonce-([^']+)'/)![1];
      nonces.add(nonce);
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      // Served over plain HTTP here: no HSTS.
      expect(headers["strict-transport-security"], path).toBeUndefined();
      // Every script in the page carries the nonce.
      const html = await response.text();
      const tags = html.match(/<script\b[^>]*>/g) ?? [];
      expect(tags.length, path).toBeGreaterThan(0);
      for (const tag of tags) expect(tag, path).toContain(`nonce="${nonce}"`);
    };
    for (const path of PUBLIC_PAGES) await check(path);
    await portal.signInDirectly();
    for (const path of EVERY_SIGNED_IN_PAGE) await check(path);
    for (const { path, status, reach } of PAGES_IN_A_STATE) {
      await reach(portal, sandbox);
      await check(path, status);
      await sandbox.clearFaults();
    }
    expect(nonces.size, "a fresh nonce per page").toBe(
      PUBLIC_PAGES.length + EVERY_SIGNED_IN_PAGE.length + PAGES_IN_A_STATE.length,
    );

    // Files and data carry the common headers too.
    const csv = await page.request.get("/reservations/list.csv");
    expect(csv.headers()["x-content-type-options"]).toBe("nosniff");
    // Behind a TLS proxy, HSTS.
    const viaProxy = await page.request.get("/auth/login", {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(viaProxy.headers()["strict-transport-security"]).toContain("max-age=");
  });

  for (const [group, pages] of Object.entries(SIGNED_IN_PAGE_GROUPS)) {
    test(`with the policy on, the ${group} pages hydrate and the browser reports no violation`, async ({
      portal,
      page,
      javaScriptEnabled,
    }) => {
      test.skip(!javaScriptEnabled, "scripts only run with JS on");
      const violations = cspViolationsOf(page);
      await portal.signInDirectly();
      for (const path of pages) await portal.visit(path);
      expect(violations).toEqual([]);
    });
  }

  // A test per page: all of them in one took 40 s of its 60 beside a CPU hog.
  for (const { name, path, status, reach } of PAGES_IN_A_STATE) {
    test(`with the policy on, ${name} hydrates and the browser reports no violation`, async ({
      portal,
      page,
      sandbox,
      javaScriptEnabled,
    }) => {
      test.skip(!javaScriptEnabled, "scripts only run with JS on");
      const violations = cspViolationsOf(page);
      await reach(portal, sandbox);
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(status);
      await portal.hydrated();
      expect(violations).toEqual([]);
    });
  }

  test("with the policy on, a client-side navigation and a background fetch work", async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "scripts only run with JS on");
    const violations = cspViolationsOf(page);
    await portal.signInDirectly();
    await portal.visit("/dashboard");
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Requests" })
      .click();
    await expect(page.getByRole("heading", { name: "Requests", level: 1 })).toBeVisible();
    // The notes poll's refresh.
    await portal.visit("/reservations/reservation-details/7001");
    await page.getByRole("link", { name: "Refresh notes" }).click();
    await expect(page.getByTestId("notes")).toBeVisible();
    expect(violations).toEqual([]);
  });
});

/** What the browser reports breaking the policy, from now on. */
function cspViolationsOf(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}
