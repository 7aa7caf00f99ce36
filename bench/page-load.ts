import { chromium } from "@playwright/test";
import {
  browserCookies,
  logoOfSize,
  median,
  shareAnOffer,
  signIn,
  slowDown,
  SLOW_LINE,
  SLOW_LINE_BYTES_PER_MS,
  startServers,
} from "./lib";

/**
 * How soon a page is usable on a slow line and a slow PC: Chromium with "slow 3G" (400 kbps down
 * and up, 400 ms round trip) and the CPU slowed 6×, JS off and on, the two modes taking turns.
 * Usable = the page's form is visible and can be submitted (the portal's forms work before any
 * script runs); for a shared offer's customer (issue 67), its heading shown with the agency's logo
 * (a 12 KB PNG). Goals:
 * - JS off: the median time at most 1.1× the page's physical limit on that line: 3 round trips
 *   (connection, document, stylesheet and, on the shared offer, its logo) plus the HTML and CSS
 *   bytes (and that logo's) as sent, over the bandwidth;
 * - JS on: the median at most 1.05× the same page's median with JS off (the scripts must not keep
 *   the stylesheet, and so the first paint, waiting: decision 021).
 * Also, when the page is hydrated with JS on, over its bytes' limit: 4 round trips (connection,
 * document, stylesheet, then the modules and translation files asked for together) plus every byte
 * asked for before hydration, over the bandwidth (goal 1.2, issue 56, not enforced); and when its
 * stylesheet was in, in each mode (the scripts must not delay it). RUNS (15) loads per page and mode,
 * after a warm-up load in each; exits non-zero when a page misses a goal.
 */

// Single loads on the slowed line vary by about ±50 ms: 15 a mode keep the medians' ratio within
// about ±0.02 between runs (7 gave ±0.04, as wide as the goal's margin; decision 021).
const RUNS = Number(process.env.RUNS ?? 15);
const { rttMs: RTT_MS, kbps: KBPS, cpuSlowdown: CPU_SLOWDOWN } = SLOW_LINE;
const BYTES_PER_MS = SLOW_LINE_BYTES_PER_MS;
const JS_OFF_GOAL = 1.1;
const JS_ON_GOAL = 1.05;

const servers = await startServers({ store: true });
const cookie = await signIn(servers.portalUrl);

type MeasuredPage = {
  name: string;
  path: string;
  signedIn: boolean;
  /** The button that makes the page usable; for a page without a form, its first heading. */
  ready: string | "heading";
  /** False for a page that sends no script (the customer's shared offer): nothing hydrates. */
  hydrates?: false;
  /**
   * Usable only with its images in (the shared offer: its heading with the agency's logo). On
   * any other page an image (a banner) is no part of using it, and comes after the scripts with
   * JS: neither its time nor its bytes are counted.
   */
  withImages?: true;
};

const ALL_PAGES: MeasuredPage[] = [
  { name: "sign-in", path: "/auth/login", signedIn: false, ready: "Sign in" },
  { name: "dashboard", path: "/dashboard", signedIn: true, ready: "Refresh" },
  { name: "wizard, step 1", path: "/reservations/new/hotel", signedIn: true, ready: "Continue" },
  {
    name: "request details",
    path: "/reservations/reservation-details/7001",
    signedIn: true,
    ready: "Send note",
  },
  {
    name: "order details",
    path: "/orders/order-details/3001",
    signedIn: true,
    ready: "Open the ticket",
  },
  {
    name: "shared offer",
    path: await shareAnOffer(servers.portalUrl, cookie, logoOfSize(12)),
    signedIn: false,
    ready: "heading",
    hydrates: false,
    withImages: true,
  },
];
// ONLY=<part of a page's name> measures just those pages, e.g. ONLY=wizard.
const PAGES = ALL_PAGES.filter((page) => page.name.includes(process.env.ONLY ?? ""));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: ["--no-sandbox", "--disable-gpu"],
});

/**
 * One cold load (new context: no cache, no open connection), timed by the browser itself: the
 * document request, its last byte, and the first contentful paint (which waits for the
 * render-blocking stylesheet), all on CDP's one clock. Nothing runs in the page while it loads:
 * polling it for the button (what this bench did first) forced layouts of the unstyled page, some
 * 400 ms of the 6× slower main thread a real visit never spends, landing at random against the
 * stylesheet's arrival.
 */
async function loadOnce(path: string, cookie: string | null, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: servers.portalUrl });
  if (cookie) await context.addCookies(browserCookies(servers.portalUrl, cookie));
  const page = await context.newPage();
  // The moment the root marks the page hydrated, on the page's clock (from its navigation start).
  // An observer of that one attribute: no work while the page loads, unlike polling for it. It
  // watches the document, as the <html> element may not exist yet when this runs.
  if (javaScriptEnabled)
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.documentElement?.dataset.hydrated) return;
        (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
    });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Page.enable");
  await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
  await slowDown(cdp);

  let documentAndCssBytes = 0;
  let imageBytes = 0;
  let stylesheetInAt = 0;
  let imagesInAt = 0;
  let documentRequestId: string | null = null;
  let documentSentAt = 0;
  let documentDone: (timestamp: number) => void = () => {};
  const documentLoaded = new Promise<number>((resolve) => (documentDone = resolve));
  const resourceTypes = new Map<string, string>();
  let painted: (timestamp: number) => void = () => {};
  const firstContentfulPaint = new Promise<number>((resolve) => (painted = resolve));
  const startedAt = new Map<string, number>();
  const bytesOf = new Map<string, number>();
  cdp.on(
    "Network.requestWillBeSent",
    (event: { requestId: string; type?: string; timestamp: number; wallTime: number }) => {
      startedAt.set(event.requestId, event.wallTime * 1000);
      if (event.type === "Document" && documentRequestId === null) {
        documentRequestId = event.requestId;
        documentSentAt = event.timestamp;
      }
    },
  );
  cdp.on("Network.responseReceived", (event: { requestId: string; type: string }) =>
    resourceTypes.set(event.requestId, event.type),
  );
  cdp.on(
    "Network.loadingFinished",
    (event: { encodedDataLength: number; requestId: string; timestamp: number }) => {
      const type = resourceTypes.get(event.requestId);
      bytesOf.set(event.requestId, event.encodedDataLength);
      if (type === "Document" || type === "Stylesheet")
        documentAndCssBytes += event.encodedDataLength;
      if (type === "Image") imageBytes += event.encodedDataLength;
      if (type === "Stylesheet") stylesheetInAt = Math.max(stylesheetInAt, event.timestamp);
      if (type === "Image") imagesInAt = Math.max(imagesInAt, event.timestamp);
      if (event.requestId === documentRequestId) documentDone(event.timestamp);
    },
  );
  cdp.on("Page.lifecycleEvent", (event: { name: string; timestamp: number }) => {
    if (event.name === "firstContentfulPaint") painted(event.timestamp);
  });
  return {
    page,
    context,
    firstContentfulPaint,
    documentSentAt: () => documentSentAt,
    documentLoaded,
    documentAndCssBytes: () => documentAndCssBytes,
    imageBytes: () => imageBytes,
    stylesheetInAt: () => stylesheetInAt,
    imagesInAt: () => imagesInAt,
    /** The bytes of every request started before `wallMs` (ms since the epoch). */
    bytesAskedBefore: (wallMs: number) =>
      [...bytesOf].reduce(
        (sum, [id, bytes]) => sum + ((startedAt.get(id) ?? Infinity) < wallMs ? bytes : 0),
        0,
      ),
    javaScriptEnabled,
  };
}

/**
 * From the document's request to the first paint with the whole document in (the form is then on
 * screen, styled, and submits with or without JS), in ms. Checked afterwards, from outside the
 * page: the button is there, laid out and enabled. With JS, also when the page was hydrated (on
 * the page's clock, read once it is, so nothing is asked of the page while it loads).
 */
async function timeUntilUsable(
  load: Awaited<ReturnType<typeof loadOnce>>,
  { path, ready, hydrates, withImages }: MeasuredPage,
) {
  await load.page.goto(path, { waitUntil: "commit" });
  const [paintedAt, documentLoadedAt] = await Promise.all([
    load.firstContentfulPaint,
    load.documentLoaded,
  ]);
  const readyElement =
    ready === "heading"
      ? load.page.getByRole("heading", { level: 1 }).first()
      : load.page.getByRole("button", { name: ready }).first();
  await readyElement.waitFor({ state: "visible", timeout: 60_000 });
  if (!(await readyElement.isEnabled())) throw new Error(`${path}: "${ready}" is disabled`);
  // Its images in too (the shared offer's logo), which the load event waits for.
  await load.page.waitForLoadState("load");
  let hydrated: number | null = null;
  let hydrationLimit: number | null = null;
  if (load.javaScriptEnabled && hydrates !== false) {
    await load.page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 120_000 });
    const at = await load.page.evaluate(() => ({
      hydratedAt: (window as unknown as { hydratedAt: number }).hydratedAt,
      origin: performance.timeOrigin,
    }));
    hydrated = at.hydratedAt;
    // What a page prefetches for the next once hydrated (decision 029) is not counted.
    await load.page.waitForLoadState("load");
    hydrationLimit = 4 * RTT_MS + load.bytesAskedBefore(at.origin + at.hydratedAt) / BYTES_PER_MS;
  }
  const since = (timestamp: number) => (timestamp - load.documentSentAt()) * 1000;
  return {
    usable: since(Math.max(paintedAt, documentLoadedAt, withImages ? load.imagesInAt() : 0)),
    stylesheetIn: since(load.stylesheetInAt()),
    hydrated,
    hydrationLimit,
  };
}

type Sample = {
  usable: number;
  stylesheetIn: number;
  limit: number;
  hydrated: number | null;
  hydrationLimit: number | null;
};

async function sample(page: MeasuredPage, cookie: string, javaScriptEnabled: boolean) {
  const load = await loadOnce(page.path, page.signedIn ? cookie : null, javaScriptEnabled);
  try {
    const { usable, stylesheetIn, hydrated, hydrationLimit } = await timeUntilUsable(load, page);
    return {
      usable,
      stylesheetIn,
      hydrated,
      hydrationLimit,
      limit:
        3 * RTT_MS +
        (load.documentAndCssBytes() + (page.withImages ? load.imageBytes() : 0)) / BYTES_PER_MS,
    };
  } finally {
    await load.context.close();
  }
}

try {
  console.log(
    `${KBPS} kbps, ${RTT_MS} ms round trip, CPU ${CPU_SLOWDOWN}× slower; medians of ${RUNS} cold loads a mode, the modes taking turns`,
  );
  console.log(
    `${"page".padEnd(16)} ${"limit".padStart(8)} ${"JS off".padStart(8)} ${"÷ limit".padStart(8)}      ${"JS on".padStart(8)} ${"÷ off".padStart(6)}      ${"hydrated".padStart(9)} ${"÷ limit".padStart(8)}   ${"CSS in, off / on".padStart(18)}`,
  );
  let missed = 0;
  for (const page of PAGES) {
    // The server's first rendering of a route compiles its code: not what a user meets.
    await fetch(`${servers.portalUrl}${page.path}`, {
      headers: page.signedIn ? { Cookie: cookie } : {},
    });
    await sample(page, cookie, false);
    await sample(page, cookie, true);
    const samples: Record<"off" | "on", Sample[]> = { off: [], on: [] };
    for (let run = 0; run < RUNS; run += 1) {
      // Each mode goes first in every other run, so neither always meets a warmer machine.
      const modes = run % 2 === 0 ? [false, true] : [true, false];
      for (const javaScriptEnabled of modes)
        samples[javaScriptEnabled ? "on" : "off"].push(
          await sample(page, cookie, javaScriptEnabled),
        );
    }
    const off = median(samples.off.map((s) => s.usable));
    const on = median(samples.on.map((s) => s.usable));
    const limit = median(samples.off.map((s) => s.limit));
    const hydrated = median(samples.on.map((s) => s.hydrated ?? 0));
    const hydrationRatio = hydrated / median(samples.on.map((s) => s.hydrationLimit ?? 0));
    const stylesheetIn = (mode: "off" | "on") => median(samples[mode].map((s) => s.stylesheetIn));
    const offRatio = off / limit;
    const onRatio = on / off;
    const verdict = (ratio: number, goal: number) =>
      (ratio <= goal ? "ok" : `OVER ${goal}`).padEnd(8);
    if (offRatio > JS_OFF_GOAL || onRatio > JS_ON_GOAL) missed += 1;
    const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);
    console.log(
      `${page.name.padEnd(16)} ${ms(limit)} ${ms(off)} ${offRatio.toFixed(2).padStart(8)} ${verdict(offRatio, JS_OFF_GOAL)} ${ms(on)} ${onRatio.toFixed(2).padStart(6)} ${verdict(onRatio, JS_ON_GOAL)} ${page.hydrates === false ? `${"none".padStart(9)} ${"".padStart(8)}` : `${ms(hydrated).padStart(9)} ${hydrationRatio.toFixed(2).padStart(8)}`}   ${ms(stylesheetIn("off"))} / ${ms(stylesheetIn("on"))}`,
    );
  }
  if (missed > 0) {
    console.log(`${missed} page(s) missed a goal.`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  servers.stop();
}
