import type { Route } from "@playwright/test";
import { DEMO_USER } from "#sandbox/seed";
import { expect, test } from "./fixtures";

/**
 * How a page loads: its forms work before any script has arrived, and its scripts are asked for
 * only once its stylesheet is in, so on a slow line they do not hold up the first paint
 * (decision 021).
 */

const SCRIPT = /\/assets\/.+\.js$/;
const STYLESHEET = /\/assets\/.+\.css$/;
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

test.describe("loading", () => {
  test("a form sent before the page's scripts have arrived posts as a plain form", async ({
    page,
  }) => {
    // The scripts never arrive: the page stays as the server sent it, with or without JS.
    const held: Route[] = [];
    await page.route(SCRIPT, (route) => void held.push(route));
    await page.goto("/auth/login", { waitUntil: "commit" });
    await page.getByLabel("Username").fill(DEMO_USER.userName);
    await page.getByLabel("Password").fill(DEMO_USER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("the scripts are asked for only once the stylesheet is in, then the page hydrates", async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "without JS no script is asked for");
    const asked: string[] = [];
    page.on("request", (request) => asked.push(request.url()));
    let releaseStylesheet = () => {};
    const stylesheetHeld = new Promise<void>((resolve) => (releaseStylesheet = resolve));
    let stylesheetAsked = () => {};
    const stylesheetRequested = new Promise<void>((resolve) => (stylesheetAsked = resolve));
    await page.route(STYLESHEET, async (route) => {
      stylesheetAsked();
      await stylesheetHeld;
      await route.continue();
    });

    const visit = page.goto("/auth/login");
    await stylesheetRequested;
    // The document is in and parsed up to its end: its sign-in button is there.
    await expect(page.getByRole("button", { name: "Sign in" })).toBeAttached();
    expect(asked.filter((url) => SCRIPT.test(url))).toEqual([]);

    releaseStylesheet();
    await visit;
    await portal.hydrated();
    expect(asked.filter((url) => SCRIPT.test(url)).length).toBeGreaterThan(0);
  });

  test("the modules and texts are asked for as soon as the stylesheet is in, before the document is parsed to its end", async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "without JS no script is asked for");
    // A script at the document's end that never arrives: the parser stops there, so
    // DOMContentLoaded cannot come. On a slow PC the browser first draws the page for hundreds of
    // milliseconds before the parser goes on (decision 038); this makes that wait endless.
    const HELD = "/held-at-the-end.js";
    await page.route(
      (url) => url.pathname === "/auth/login",
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          "</body>",
          `<script src="${HELD}"></script></body>`,
        );
        const headers = { ...response.headers() };
        delete headers["content-encoding"];
        delete headers["content-length"];
        await route.fulfill({ response, body: html, headers });
      },
    );
    let releaseHeld = () => {};
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    await page.route(
      (url) => url.pathname === HELD,
      async (route) => {
        await held;
        await route.fulfill({ contentType: "text/javascript", body: "" });
      },
    );
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));

    const visit = page.goto("/auth/login");
    const TEXTS = /^\/assets\/common-.+\.json$/;
    // The head's script asks for the entry module at the first frame, the body's for the texts
    // when the parser reaches it (decision 038): both, while the parser still waits at the end.
    await expect
      .poll(() =>
        asked.filter((path) => (path.endsWith(".js") && path !== HELD) || TEXTS.test(path)),
      )
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/assets\/entry\.client-/),
          expect.stringMatching(TEXTS),
        ]),
      );
    expect(asked.filter((path) => TEXTS.test(path))).toHaveLength(1);
    expect(await page.evaluate(() => document.readyState)).toBe("loading");

    releaseHeld();
    await visit;
    await portal.hydrated();
  });

  test("the page's large modules ask Chromium to compile them while they download", async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "without JS no script is asked for");
    // Decision 039: V8 compiles a module marked so on a background thread as it arrives, instead
    // of each function on the main thread when hydration first calls it.
    const modules = new Map<string, Promise<string>>();
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (SCRIPT.test(path)) modules.set(path, response.text());
    });
    await page.goto("/auth/login");
    await portal.hydrated();

    const bodies = await Promise.all(
      [...modules].map(async ([path, body]) => ({ path, body: await body })),
    );
    const hinted = bodies.filter(({ body }) => body.startsWith(COMPILE_HINT));
    expect(hinted.map(({ path }) => path)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/framework-/),
        expect.stringMatching(/^\/assets\/entry\.client-/),
      ]),
    );
    // A small module goes without: its few functions compile quickly, and every byte counts.
    for (const { path, body } of bodies.filter(({ body }) => body.length < 8 * 1024))
      expect(body.startsWith(COMPILE_HINT), path).toBe(false);
  });
});
