import { defineConfig } from "@playwright/test";
import type { WorkerOptions } from "./tests/e2e/fixtures";

/**
 * Browser tests run the production build under the portal's own server against the provider sandbox. Each
 * worker starts its own sandbox and portal on free ports (tests/e2e/servers.ts), so workers share
 * no state and tests spread over them. Every test runs twice: with JavaScript off and on.
 * Chromium is Debian's headless shell (CHROMIUM_PATH, default /usr/bin/chromium-headless-shell;
 * Playwright cannot download its own here): the same engine as Debian's Chromium without the desktop
 * browser around it, as Playwright runs headless tests by default, at half the time (decision 020).
 */

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

/**
 * Firefox ESR, Debian's package, driven over WebDriver BiDi (playwright-core's `_bidiFirefox`: no
 * download; later Playwright releases reorganise this entry point, check before upgrading). With
 * "JavaScript off" by a proxy that refuses the pages' scripts (`scriptsRefused`,
 * tests/e2e/scripts-refused.ts): BiDi in Playwright 1.56 has no switch for them. Within the suite's
 * 15 minutes it runs the journeys of a clerk's day, below; the Chromium projects run everything
 * (docs/quality.md, "Engines and browser checks").
 */
const firefox = {
  browserName: "_bidiFirefox" as "firefox",
  launchOptions: {
    executablePath: process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr",
    // Under BiDi Firefox saves downloads itself: into a folder of the worker's, emptied before each
    // test (its path is set per worker, tests/e2e/fixtures.ts), not ~/Downloads.
    firefoxUserPrefs: { "browser.download.folderList": 2 },
  },
};
const FIREFOX_SPECS = [
  "auth.spec.ts",
  "layout.spec.ts",
  "dashboard.spec.ts",
  "requests.spec.ts",
  "date-picker.spec.ts",
  "right-to-left.spec.ts",
  // Firefox cancels a page's downloads when the clerk moves on before hydration (issue 39).
  "translations.spec.ts",
  // A traveller booked before: its journey in both modes (issue 68).
  "travellers.spec.ts",
  // A language switch sends the form being typed (issue 71).
  "language-switch.spec.ts",
  // An offer shared as a link, opened by the customer (issue 67): its journey in both modes.
  "shared-offers.spec.ts",
];

/**
 * Every Firefox test but those of the specs whose other tests drive the same server HTML and
 * client code as Chromium: of those, Firefox runs only the tests tagged @engine-specific.
 */
const OUTSIDE_THE_SHARED_SPECS =
  /^(?!.*(requests|dashboard|auth|travellers|language-switch|shared-offers)\.spec\.ts)/;

/** WebKit's journeys, over HTTPS through HAProxy: the WebKit projects run these and nothing else. */
const WEBKIT_SPECS = ["webkit.spec.ts"];

/**
 * The container tests (podman, decision 027): the image's in one worker from the start; compose and
 * Kubernetes, whose containers change the machine's network interfaces (Chromium then aborts every
 * request under way), after every browser project.
 */
const CONTAINER_SPECS = ["container.spec.ts", "topology.spec.ts"];
const BROWSER_PROJECTS = [
  "js-off",
  "js-on",
  "webkit-js-off",
  "webkit-js-on",
  "firefox-js-off",
  "firefox-js-on",
];

export default defineConfig<object, WorkerOptions>({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three workers, each a browser, a portal and a sandbox, on the machines' 2 cores: a test waits
  // on its portal, sandbox and browser as much as on a core, and two workers kept the CPU half
  // busy (decision 012). With the three engines: 11.0 min beside a CPU hog, against 12.3 min
  // quiet with two.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Ceilings for a busy CI machine; every wait ends as soon as its state is reached.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report is what `npm run test:slowest` reads: each test's time beside its timeout.
  reporter: [
    ["list"],
    ["json", { outputFile: ".data/e2e-results.json" }],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
  ],
  // baseURL is each worker's own portal (tests/e2e/fixtures.ts).
  // A trace records every step of every test, which costs the busy CI machine a good share of its
  // time; CI keeps only the error and the page snapshot, a local run keeps traces of failures.
  use: { trace: process.env.CI ? "off" : "retain-on-failure", locale: "en-GB" },
  projects: [
    // First, so that its worker builds the image while the others run the browser tests.
    {
      name: "containers",
      testMatch: ["container.spec.ts"],
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: "topology",
      testMatch: ["topology.spec.ts"],
      dependencies: [...BROWSER_PROJECTS, "containers"],
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: "js-off",
      testIgnore: [...WEBKIT_SPECS, ...CONTAINER_SPECS],
      use: { ...chromium, javaScriptEnabled: false },
    },
    {
      name: "js-on",
      // The metrics are the server's own: the js-off run proves them.
      testIgnore: [...WEBKIT_SPECS, ...CONTAINER_SPECS, "metrics.spec.ts"],
      use: { ...chromium, javaScriptEnabled: true },
    },
    // WebKit through its own WebDriver, not Playwright (tests/e2e/webkit.ts): its specs only.
    { name: "webkit-js-off", testMatch: WEBKIT_SPECS, use: { javaScriptEnabled: false } },
    { name: "webkit-js-on", testMatch: WEBKIT_SPECS, use: { javaScriptEnabled: true } },
    {
      name: "firefox-js-off",
      // Without scripts Firefox renders the same server HTML that Chromium's js-off drives through
      // every spec: of each, only what the engine may do differently (layout, right to left, a
      // download, its "JavaScript off" itself; decision 026).
      testMatch: FIREFOX_SPECS.filter((spec) => spec !== "requests.spec.ts"),
      grep: /@engine-specific/,
      use: { ...firefox, javaScriptEnabled: false, scriptsRefused: true },
    },
    {
      name: "firefox-js-on",
      testMatch: FIREFOX_SPECS,
      // Of the requests, dashboard and sign-in specs, only what another engine may do differently.
      grep: [OUTSIDE_THE_SHARED_SPECS, /@engine-specific/],
      use: { ...firefox, javaScriptEnabled: true },
    },
  ],
});
