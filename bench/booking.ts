import {
  chromium,
  type BrowserContext,
  type CDPSession,
  type Locator,
  type Page,
} from "@playwright/test";
import { formatDateInput } from "~/utils/format/date-input";
import {
  browserCookies,
  median,
  signIn,
  slowDown,
  SLOW_LINE,
  SLOW_LINE_BYTES_PER_MS,
  startServers,
} from "./lib";

/**
 * A whole booking on a slow line and a slow PC, as a clerk makes it: from the dashboard into the
 * wizard, a hotel and dates, a Double room and its two guests, the review, the submit, the
 * requests list. Chromium at slow 3G (400 kbps, 400 ms round trip) with the CPU slowed 6×, JS off
 * and on, each on a cold cache (a new browser profile) and then warm (a second booking in the same
 * profile). Per step, from the clerk's click until the next screen can be used: the time, the
 * requests the step made and the longest chain of them in a row (a request that starts only after
 * another of the step's requests has ended is one more round trip the clerk waits for). The
 * typing is not timed. RUNS (3) bookings of each kind; medians. Beside each step: its physical limit
 * (its requests in a row × the round trip + its bytes ÷ the bandwidth) and, without JS, its time
 * over that limit; with JS, its time over the same step's without JS. Under each step, its time apart: the line (the limit), the
 * portal's own time and its wait for the provider (the log lines of the step's requests, found by
 * their X-Request-Id), and the rest: the browser at the slowed CPU, and what the bench itself costs
 * there (Playwright's checks run in the page). Prints; no goal is enforced here.
 */

const RUNS = Number(process.env.RUNS ?? 3);

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Request = {
  url: string;
  method: string;
  start: number;
  end: number;
  bytes: number;
  /** The portal's id of the request (its answer's X-Request-Id), to find its log line. */
  portalId?: string;
};
type StepFigures = {
  ms: number;
  requests: Request[];
  inARow: number;
  chain: string[];
  limitMs: number;
  /**
   * By the page's own clock, without Playwright's polling at the slowed CPU: with JS from the
   * click to the first frame after the next screen's `shown` element is in the DOM; without JS
   * the next document's first contentful paint from its navigation's start (the click): a lower
   * bound, as the page may paint before its form has streamed in.
   */
  pageMs?: number;
  /** Without JS: when the next document was parsed (DOMContentLoaded's end), from the click. */
  parsedMs?: number;
};

/** Every request of the page, on CDP's clock, kept until the step that made it is read. */
class RequestLog {
  private open = new Map<string, Request>();
  done: Request[] = [];
  constructor(cdp: CDPSession) {
    cdp.on(
      "Network.requestWillBeSent",
      (event: {
        requestId: string;
        timestamp: number;
        request: { url: string; method: string };
        redirectResponse?: { headers: Record<string, string> };
      }) => {
        // A redirect reuses the id: the hop before it ended when the next began.
        const earlier = this.open.get(event.requestId);
        if (earlier)
          this.done.push({
            ...earlier,
            end: event.timestamp,
            portalId: portalIdOf(event.redirectResponse?.headers ?? {}),
          });
        this.open.set(event.requestId, {
          url: event.request.url,
          method: event.request.method,
          start: event.timestamp,
          end: Number.NaN,
          bytes: 0,
        });
      },
    );
    // A copy from the browser's cache costs no round trip: not counted.
    const fromCache = new Set<string>();
    cdp.on("Network.requestServedFromCache", (event: { requestId: string }) =>
      fromCache.add(event.requestId),
    );
    cdp.on(
      "Network.responseReceived",
      (event: {
        requestId: string;
        response: { fromDiskCache?: boolean; headers: Record<string, string> };
      }) => {
        if (event.response.fromDiskCache) fromCache.add(event.requestId);
        const request = this.open.get(event.requestId);
        if (request) request.portalId = portalIdOf(event.response.headers);
      },
    );
    const finish = (event: {
      requestId: string;
      timestamp: number;
      encodedDataLength?: number;
    }) => {
      const request = this.open.get(event.requestId);
      if (!request) return;
      this.open.delete(event.requestId);
      if (fromCache.delete(event.requestId)) return;
      this.done.push({ ...request, end: event.timestamp, bytes: event.encodedDataLength ?? 0 });
    };
    cdp.on("Network.loadingFinished", finish);
    cdp.on("Network.loadingFailed", finish);
  }
  take() {
    const taken = this.done;
    this.done = [];
    return taken;
  }
}

function portalIdOf(headers: Record<string, string>) {
  return Object.entries(headers).find(([name]) => name.toLowerCase() === "x-request-id")?.[1];
}

type ServerTime = { ms: number; providerMs: number };

/** The portal's own time and its wait for the provider, per request id, from its log lines. */
function serverTimes(output: string) {
  const times = new Map<string, ServerTime>();
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    const entry = JSON.parse(line) as { msg?: string; requestId?: string } & Partial<{
      ms: number;
      providerMs: number;
    }>;
    if (entry.msg === "request" && entry.requestId)
      times.set(entry.requestId, { ms: entry.ms ?? 0, providerMs: entry.providerMs ?? 0 });
  }
  return times;
}

/**
 * The longest chain of requests in a row: a request's depth is one more than the deepest request
 * that had ended before it started. Requests under way at the same time share a round trip.
 */
function longestChain(requests: Request[]) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = new Map<Request, { depth: number; before: Request | null }>();
  for (const request of sorted) {
    let best: { depth: number; before: Request | null } = { depth: 1, before: null };
    for (const earlier of sorted) {
      if (earlier === request || !(earlier.end <= request.start)) continue;
      const earlierDepth = depth.get(earlier)?.depth ?? 1;
      if (earlierDepth + 1 > best.depth) best = { depth: earlierDepth + 1, before: earlier };
    }
    depth.set(request, best);
  }
  let deepest: Request | null = null;
  for (const request of sorted)
    if (!deepest || depth.get(request)!.depth > depth.get(deepest)!.depth) deepest = request;
  const chain: string[] = [];
  for (let at = deepest; at; at = depth.get(at)!.before) chain.unshift(shortName(at));
  return { inARow: deepest ? depth.get(deepest)!.depth : 0, chain };
}

function shortName(request: Request) {
  const url = new URL(request.url);
  const name = url.pathname.startsWith("/assets/")
    ? url.pathname.slice("/assets/".length).replace(/-[\w-]{8}\.(js|css)$/, ".$1")
    : url.pathname.replace("/reservations/", "…/") + (url.search ? "?…" : "");
  return request.method === "GET" ? name : `${request.method} ${name}`;
}

const servers = await startServers({ keepPortalOutput: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: ["--no-sandbox", "--disable-gpu"],
});

async function slowProfile(javaScriptEnabled: boolean, cookie: string) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: servers.portalUrl });
  await context.addCookies(browserCookies(servers.portalUrl, cookie));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await slowDown(cdp);
  return { context, page, log: new RequestLog(cdp) };
}

/** With JS, a screen is usable once hydrated and its navigation has settled. */
async function settled(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 120_000 });
}

type PageClock = { click?: number; shown?: number; painted?: number };

/** With JS: the click's time and the first frame after an element matching `shown` is in. */
function watchTheStep(page: Page, shown: { selector: string; text: string }) {
  return page.evaluate(({ selector, text }) => {
    const clock: PageClock = {};
    (window as unknown as { benchStep: PageClock }).benchStep = clock;
    const pattern = new RegExp(text);
    document.addEventListener("click", (event) => (clock.click = event.timeStamp), {
      capture: true,
      once: true,
    });
    new MutationObserver((_, observer) => {
      // (Inline: a named function here would reach the page wrapped in the bundler's `__name`.)
      if (
        clock.click === undefined ||
        ![...document.querySelectorAll(selector)].some((element) =>
          pattern.test(element.textContent ?? ""),
        )
      )
        return;
      clock.shown = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (clock.painted = performance.now())));
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, shown);
}

async function pageClockOf(
  page: Page,
  javaScriptEnabled: boolean,
): Promise<{ pageMs?: number; parsedMs?: number }> {
  if (!javaScriptEnabled)
    return page.evaluate(() => ({
      pageMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      parsedMs: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
        ?.domContentLoadedEventEnd,
    }));
  await page.waitForFunction(
    () => (window as unknown as { benchStep: PageClock }).benchStep.painted !== undefined,
  );
  return page.evaluate(() => {
    const clock = (window as unknown as { benchStep: PageClock }).benchStep;
    return { pageMs: clock.painted! - clock.click! };
  });
}

/**
 * The clerk's click on `target`: the mouse pressed and released where it is. Playwright's own
 * `click()` first checks the element in the page at the slowed CPU (scrolled to, stable over two
 * frames, the one hit, through a listener that also runs in the click's handling): the clerk waits
 * for none of that, so it is done here before the step's clock starts.
 */
async function aimAt(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`Nothing to click: ${target}`);
  return () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * One step: the clerk clicks `target`; `ready` is visible when the next screen can be used;
 * `shown`, the same element found in the DOM, for the page's own clock.
 */
async function step(
  page: Page,
  log: RequestLog,
  javaScriptEnabled: boolean,
  target: Locator,
  ready: () => Locator,
  shown?: { selector: string; text: string },
): Promise<StepFigures> {
  if (shown && javaScriptEnabled) await watchTheStep(page, shown);
  const click = await aimAt(page, target);
  log.take();
  const started = performance.now();
  await click();
  await ready().waitFor({ state: "visible", timeout: 120_000 });
  await settled(page, javaScriptEnabled);
  const ms = performance.now() - started;
  // Without JS the screen is usable before its document's last bytes are in: the step's requests
  // are read once they are (not timed).
  await page.waitForLoadState("load");
  const clock = shown ? await pageClockOf(page, javaScriptEnabled) : {};
  const requests = log.take();
  const chain = longestChain(requests);
  const bytes = requests.reduce((sum, request) => sum + request.bytes, 0);
  const limitMs = chain.inARow * SLOW_LINE.rttMs + bytes / SLOW_LINE_BYTES_PER_MS;
  return { ms, requests, ...chain, limitMs, ...clock };
}

async function booking(page: Page, log: RequestLog, javaScriptEnabled: boolean) {
  const figures: Record<string, StepFigures> = {};
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "New Request" }).waitFor();
  await settled(page, javaScriptEnabled);
  // The clerk reads the dashboard first: what it loads meanwhile (the wizard's first step, with
  // JS) is in before the click, as the typing gives each later step's the time. That loading
  // starts after hydration, which on a cold load ends a CPU-bound second after the last byte:
  // "network idle" alone comes before it has begun. With JS, the wizard's translations, the last
  // file of it (decision 029), are waited for too.
  if (javaScriptEnabled)
    await page.waitForFunction(
      () =>
        performance
          .getEntriesByType("resource")
          .some((entry) => /\/assets\/wizard-[\w-]+\.json$/.test(entry.name)),
      undefined,
      { timeout: 120_000 },
    );
  await page.waitForLoadState("networkidle");

  figures["enter the wizard"] = await step(
    page,
    log,
    javaScriptEnabled,
    page.getByRole("link", { name: "New Request" }),
    () => page.getByRole("button", { name: "Continue" }),
    { selector: "button", text: "^Continue$" },
  );

  await page.getByLabel("Palm Oasis Suites").check();
  await page.getByLabel("Check-in date").fill(formatDateInput(inDays(10), "en"));
  await page.getByLabel("Check-out date").fill(formatDateInput(inDays(13), "en"));
  figures["hotel → rooms"] = await step(
    page,
    log,
    javaScriptEnabled,
    page.getByRole("button", { name: "Continue" }),
    () => page.getByRole("button", { name: /^Add a .* room$/ }).first(),
    { selector: "button", text: "^Add a .* room$" },
  );

  figures["add a room"] = await step(
    page,
    log,
    javaScriptEnabled,
    page.getByRole("button", { name: /^Add a .* room$/ }).first(),
    () => page.getByRole("group", { name: "Main guest 1" }).getByLabel("First name"),
  );
  const guests = page.getByTestId("room-1").getByRole("group", { name: /^Main guest/ });
  for (let index = 0; index < (await guests.count()); index += 1) {
    const guest = guests.nth(index);
    await guest.getByLabel("First name").fill(`Guest${index}`);
    await guest.getByLabel("Last name").fill("Tehrani");
    await guest.getByLabel("Date of birth").fill(formatDateInput("1990-04-12", "en"));
    await guest.getByLabel("Passport number").fill(`P${1000000 + index}`);
    await guest.getByLabel("Nationality").selectOption("IR");
  }
  figures["rooms → review"] = await step(
    page,
    log,
    javaScriptEnabled,
    page.getByRole("button", { name: "Continue" }).last(),
    () => page.getByRole("button", { name: "Submit request" }),
    { selector: "button", text: "^Submit request$" },
  );

  // Both ways the list, with the success message on it (issue 69: at once, with JS as without).
  figures["submit → list"] = await step(
    page,
    log,
    javaScriptEnabled,
    page.getByRole("button", { name: "Submit request" }),
    () => page.getByTestId("snackbar").filter({ hasText: "Request was submitted" }),
  );
  return figures;
}

type Kind = { name: string; javaScriptEnabled: boolean; warm: boolean };
const KINDS: Kind[] = [
  { name: "JS off, cold", javaScriptEnabled: false, warm: false },
  { name: "JS off, warm", javaScriptEnabled: false, warm: true },
  { name: "JS on, cold", javaScriptEnabled: true, warm: false },
  { name: "JS on, warm", javaScriptEnabled: true, warm: true },
];

try {
  const cookie = await signIn(servers.portalUrl);
  const results = new Map<string, Array<Record<string, StepFigures>>>(
    KINDS.map((kind) => [kind.name, []]),
  );
  for (let run = 0; run < RUNS; run += 1) {
    // JS off and on take turns, so a busy moment of the machine falls on both.
    for (const javaScriptEnabled of [false, true]) {
      const profile: { context: BrowserContext; page: Page; log: RequestLog } = await slowProfile(
        javaScriptEnabled,
        cookie,
      );
      try {
        for (const kind of KINDS.filter((each) => each.javaScriptEnabled === javaScriptEnabled))
          results.get(kind.name)!.push(await booking(profile.page, profile.log, javaScriptEnabled));
      } finally {
        await profile.context.close();
      }
    }
  }

  console.log(
    `A booking at ${SLOW_LINE.rttMs} ms round trip, ${SLOW_LINE.kbps} kbps, CPU ${SLOW_LINE.cpuSlowdown}× slower; median of ${RUNS}; typing not timed.`,
  );
  /** A step's median time of a kind. */
  const medianOf = (kind: string, name: string) => {
    const values = results
      .get(kind)!
      .map((figures) => figures[name]?.ms)
      .filter((value): value is number => value !== undefined);
    return values.length ? median(values) : undefined;
  };
  const times = serverTimes(servers.portalOutput());
  /** The step's time apart: the line (its limit), the portal's own, the provider's, the rest. */
  const apart = (ms: number, step: StepFigures) => {
    let portal = 0;
    let provider = 0;
    for (const request of step.requests) {
      const time = request.portalId ? times.get(request.portalId) : undefined;
      if (!time) continue;
      portal += time.ms - time.providerMs;
      provider += time.providerMs;
    }
    return { line: step.limitMs, portal, provider, rest: ms - step.limitMs - portal - provider };
  };
  const apartText = (parts: ReturnType<typeof apart>) =>
    `line ${Math.round(parts.line)}, portal ${Math.round(parts.portal)}, provider ${Math.round(parts.provider)}, browser and the rest ${Math.round(parts.rest)} ms`;
  console.log(
    "Under each step, its time apart: the line (its limit), the portal's own time and its wait for the provider (their log lines; the requests of a step without JS are all in a row), and the rest (the browser at the slowed CPU, and what the bench itself costs).",
  );
  for (const kind of KINDS) {
    const runs = results.get(kind.name)!;
    const steps = Object.keys(runs[0]);
    const other = kind.name.replace("JS on", "JS off");
    let total = 0;
    let totalLimit = 0;
    const totalApart = { line: 0, portal: 0, provider: 0, rest: 0 };
    console.log(`\n${kind.name}`);
    for (const name of steps) {
      const ms = median(runs.map((figures) => figures[name].ms));
      total += ms;
      const typical = runs.find((figures) => figures[name].ms === ms)![name];
      totalLimit += typical.limitMs;
      const ratio = kind.javaScriptEnabled
        ? `on÷off ${(ms / (medianOf(other, name) ?? NaN)).toFixed(2)}`
        : `÷limit ${(ms / typical.limitMs).toFixed(2)}`;
      console.log(
        `  ${name.padEnd(18)} ${String(Math.round(ms)).padStart(6)} ms  limit ${String(Math.round(typical.limitMs)).padStart(5)} ms  ${ratio.padEnd(12)} ${String(typical.requests.length).padStart(2)} requests, ${typical.inARow} in a row: ${typical.chain.join(" → ")}`,
      );
      const pageMs = runs.map((figures) => figures[name].pageMs);
      if (pageMs.every((value) => value !== undefined)) {
        const own = median(pageMs);
        const otherOwn = results.get(other)?.map((figures) => figures[name].pageMs);
        const versus =
          kind.javaScriptEnabled && otherOwn?.every((value) => value !== undefined)
            ? `, on÷off ${(own / median(otherOwn)).toFixed(2)}`
            : "";
        const parsed = runs.map((figures) => figures[name].parsedMs);
        const parsedText = parsed.every((value) => value !== undefined)
          ? `, parsed at ${Math.round(median(parsed))} ms`
          : "";
        console.log(
          `  ${"".padEnd(18)} by the page's clock ${Math.round(own)} ms${versus} (${kind.javaScriptEnabled ? "click → the next screen painted" : `the next document's first contentful paint${parsedText}`})`,
        );
      }
      const parts = apart(ms, typical);
      for (const part of Object.keys(totalApart) as Array<keyof typeof totalApart>)
        totalApart[part] += parts[part];
      console.log(`  ${"".padEnd(18)} ${apartText(parts)}`);
    }
    console.log(
      `  ${"in all".padEnd(18)} ${String(Math.round(total)).padStart(6)} ms  limit ${String(Math.round(totalLimit)).padStart(5)} ms  ${kind.javaScriptEnabled ? "" : `÷limit ${(total / totalLimit).toFixed(2)}`}`,
    );
    console.log(`  ${"".padEnd(18)} ${apartText(totalApart)}`);
  }
} finally {
  await browser.close();
  servers.stop();
}
