import pg from "pg";
import { connect } from "node:net";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Download,
  type Locator,
  type Page,
  type Request as PageRequest,
  type TestInfo,
  type WorkerInfo,
} from "@playwright/test";
import { startCluster, type Cluster } from "../../deploy/cluster";
import type { ReceivedCall } from "#sandbox/call-log";
import type { Fault } from "#sandbox/faults";
import type { ProviderRules, RequestState, SandboxState } from "#sandbox/model";
import { DEMO_USER } from "#sandbox/seed";
import {
  crashLinesOf,
  freePort,
  type PortalRecord,
  SESSION_SECRET,
  startPortal,
  startWorkerServers,
  workerServers,
  type WorkerServers,
} from "./servers";
import { startScriptsRefusedProxy } from "./scripts-refused";

/** Talks to the sandbox's /__sandbox control endpoints. */
export class Sandbox {
  constructor(readonly url = workerServers().sandboxUrl) {}

  private async call(method: string, path: string, body?: unknown) {
    const response = await fetch(`${this.url}/__sandbox${path}`, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`Sandbox ${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  reset() {
    return this.call("POST", "/reset");
  }
  state(): Promise<SandboxState> {
    return this.call("GET", "/state");
  }
  /** The latest calls the portal made to the provider's API, oldest first. */
  calls(): Promise<ReceivedCall[]> {
    return this.call("GET", "/calls");
  }
  /** Every token the sandbox issued and password it was sent since it started. */
  secrets(): Promise<string[]> {
    return this.call("GET", "/secrets");
  }
  /** Which provider the sandbox plays where providers differ; a reset restores the defaults. */
  setRules(rules: Partial<ProviderRules>) {
    return this.call("POST", "/rules", rules);
  }
  fault(fault: Fault) {
    return this.call("POST", "/faults", fault);
  }
  clearFaults() {
    return this.call("DELETE", "/faults");
  }
  confirmEmail(userName: string) {
    return this.call("POST", "/email-confirmations/confirm", { userName });
  }
  setRequestState(id: number, state: RequestState) {
    return this.call("POST", `/requests/${id}/state`, { state });
  }
  /** A large agency: `count` more requests waiting for payment, none of them due soon. */
  addWaitingRequests(agencyId: number, count: number) {
    return this.call("POST", `/agencies/${agencyId}/waiting-requests`, { count });
  }
  /** The provider's desk sets a request's payment deadline (its wall-clock `YYYY-MM-DDTHH:mm:ss`). */
  setPaymentDeadline(id: number, dateTime: string) {
    return this.call("POST", `/requests/${id}/payment-deadline`, { dateTime });
  }
  expireTokens() {
    return this.call("POST", "/tokens/expire");
  }
  /** The provider's desk writes on a request's thread (an unread note for the agency). */
  addProviderNote(requestId: number, content: string) {
    return this.call("POST", `/requests/${requestId}/notes`, { content });
  }
  /** The provider publishes an announcement for today. */
  publishAnnouncement(title: string, body: string) {
    return this.call("POST", "/announcements", { title, body });
  }
  /** The provider's accounting decides on a payment. */
  setPaymentState(id: number, state: "New" | "Approved" | "Rejected" | "Refunded") {
    return this.call("POST", `/payments/${id}/state`, { state });
  }
  /** The provider's desk answers a support ticket. */
  replyToTicket(id: number, content: string) {
    return this.call("POST", `/tickets/${id}/replies`, { content });
  }
  /** The provider's desk resolves (closes) a support ticket. */
  resolveTicket(id: number) {
    return this.call("POST", `/tickets/${id}/resolve`);
  }
  /**
   * A stored receipt file, read as the provider serves one: to the agency that uploaded it, with a
   * token of one of its users (`GET /api/UploadPublicFiles/{name}`).
   */
  async receiptFile(fileName: string, user: { userName: string; password: string }) {
    const signIn = await fetch(`${this.url}/token`, {
      method: "POST",
      headers: { "X-Request-Reference": "e2e-receipt-file" },
      body: new URLSearchParams({
        grant_type: "password",
        username: user.userName,
        password: user.password,
      }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const file = await fetch(`${this.url}/api/UploadPublicFiles/${encodeURIComponent(fileName)}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: "*/*" },
    });
    if (!file.ok) throw new Error(`Receipt ${fileName}: ${file.status}`);
    return Buffer.from(await file.arrayBuffer());
  }
  /** The provider's desk opens the thread: the agency's notes show as read. */
  providerReadsNotes(requestId: number) {
    return this.call("POST", `/requests/${requestId}/notes/read`);
  }
}

/** The portal as a user drives it; knows whether this run has JavaScript on. */
export class Portal {
  constructor(
    readonly page: Page,
    readonly javaScriptEnabled: boolean,
  ) {}

  /** Goes to a page and, with JS on, waits until React has hydrated it. */
  async visit(path: string) {
    await this.page.goto(path);
    await this.hydrated();
  }

  /** With JS on, waits for hydration, so the next step meets the enhanced page, not the bare form. */
  async hydrated() {
    if (this.javaScriptEnabled)
      await this.page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  }

  /** Fills in and sends the login form; the outcome is the test's to check. */
  async attemptSignIn(
    user: { userName: string; password: string } = DEMO_USER,
    path = "/auth/login",
  ) {
    await this.visit(path);
    await this.page.getByLabel("Username").fill(user.userName);
    await this.page.getByLabel("Password").fill(user.password);
    // Without JS the answer is a new document: the page being left is marked, and the attempt
    // ends once a page without the mark is in. Otherwise a check of the answer could be met by
    // the page left (the last attempt's message), and the next visit race the form's navigation.
    if (!this.javaScriptEnabled)
      await this.page.evaluate(() => (document.documentElement.dataset.left = "true"));
    await this.page.getByRole("button", { name: "Sign in" }).click();
    if (!this.javaScriptEnabled)
      await this.page.locator("html:not([data-left])").waitFor({ state: "attached" });
  }

  /** Signs in and waits until the portal has let the user in. */
  async signIn(user: { userName: string; password: string } = DEMO_USER, path = "/auth/login") {
    await this.attemptSignIn(user, path);
    await this.page.waitForURL((url) => !url.pathname.startsWith("/auth/"));
    // The signed-in page itself, not just its address: with JS the address changes a moment
    // before the page renders, and a form used in that moment carries the sign-in page's token.
    // (Not every page has the layout: the print view and the voucher stand alone.)
    await this.page.locator('input[name="username"]').waitFor({ state: "detached" });
  }

  /**
   * Sends a request or a change with `button` and follows it to the requests list, where the
   * success toast says `toast` (spec §4), with JS and without, at once (issue 69).
   */
  async submitToRequestsList(button: Locator, toast: string) {
    await button.click();
    await this.page.waitForURL(/\/reservations\/list$/);
    await expect(this.page.getByTestId("snackbar")).toContainText(toast);
  }

  /**
   * The router's data requests the page makes while `act` runs, as "POST /path.data": with JS a
   * form whose answer brings the next page is its post alone (decision 044).
   */
  async dataRequestsDuring(act: () => Promise<void>) {
    const asked: string[] = [];
    const watch = (request: PageRequest) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".data")) asked.push(`${request.method()} ${pathname}`);
    };
    this.page.on("request", watch);
    try {
      await act();
    } finally {
      this.page.off("request", watch);
    }
    return asked;
  }

  /** Presses Tab until `target` has the focus, as a keyboard user would. */
  async tabTo(target: Locator) {
    for (let presses = 0; presses < 120; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await this.page.keyboard.press("Tab");
    }
    throw new Error("Not reachable with Tab");
  }

  /**
   * Signs in by sending the login form over HTTP, without rendering a page: for tests about
   * something else, which go to their own page next. (`signIn` is the user's way.)
   */
  async signInDirectly(user: { userName: string; password: string } = DEMO_USER) {
    const response = await this.sendForm("/auth/login", {
      username: user.userName,
      password: user.password,
    });
    expect(response.status(), "sign-in").toBe(302);
  }

  /**
   * Sends a form to `path` over HTTP, with the security token of the page it is on (`formPage`,
   * the same path unless given), as a browser without JS would; the answer (not followed if it
   * redirects) is the caller's to check.
   */
  async sendForm(path: string, fields: Record<string, string>, formPage = path) {
    const csrf = await this.securityTokenOf(formPage);
    return this.page.request.post(path, { form: { csrf, ...fields }, maxRedirects: 0 });
  }

  /** The browser's cookies, as a Cookie header for requests sent without the browser. */
  async cookieHeader() {
    const cookies = await this.page.context().cookies();
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  }

  /** The security token (CSRF) the forms of the page at `path` carry. */
  async securityTokenOf(path: string) {
    return securityTokenIn(await (await this.page.request.get(path)).text());
  }

  /** Chooses the language over HTTP, as the switch's form does, without rendering a page. */
  async chooseLanguageDirectly(language: "en" | "fa") {
    const response = await this.sendForm(
      "/settings/language",
      { language, redirectTo: "/" },
      "/auth/login",
    );
    expect(response.status(), "language").toBe(302);
  }

  async switchLanguage(language: "English" | "فارسی") {
    await this.page.getByRole("button", { name: language, exact: true }).click();
    await this.page
      .locator(`html[lang="${language === "English" ? "en" : "fa"}"]`)
      .waitFor({ state: "attached" });
    await this.hydrated();
  }
}

/**
 * One more portal process on the worker's session store (unless `env` names another, such as
 * REDIS_URL): a restart, or a second instance behind a load balancer. Its output is kept.
 */
export function startPortalInstance(env: Record<string, string> = {}) {
  const { sandboxUrl, sessionDir } = workerServers();
  return startPortal({ sandboxUrl, sessionDir, env, keepOutput: true });
}

/**
 * What must never leave the server: the session secret, and every token and password the sandbox
 * has seen. Shorter "passwords" are the ones tests type to be refused ("x", "short"): any text
 * contains them.
 */
export async function secretsToKeep(sandbox: Sandbox) {
  return [SESSION_SECRET, ...(await sandbox.secrets())].filter((secret) => secret.length >= 8);
}

/**
 * A failed test's view of the cluster: the instances', HAProxy's, Redis's and the Sentinels' logs
 * attached to its result. The cluster's folder is the worker index's, so the next worker on that
 * index starts its cluster over it: a failover that failed once in a CI run left nothing to read.
 */
export async function attachClusterLogsOnFailure(cluster: Cluster, testInfo: TestInfo) {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const name of readdirSync(cluster.dir).filter((file) => file.endsWith(".log")))
    await testInfo.attach(name, { path: join(cluster.dir, name), contentType: "text/plain" });
}

/**
 * The deployment of `deploy/cluster.ts` (HAProxy, three instances, Redis, the store) for a worker's
 * tests, on its sandbox and its PostgreSQL database, under `.data/e2e/worker-N/<folder>`; `options` adds to it (an HTTPS certificate).
 * When the worker ends, the instances behind the proxy are checked as the worker's own portals are.
 */
export function clusterOfTheWorker(
  folder: string,
  options: (dir: string) => Partial<Parameters<typeof startCluster>[0]> = () => ({}),
): [
  (
    fixtures: { servers: WorkerServers },
    use: (cluster: Cluster) => Promise<void>,
    workerInfo: WorkerInfo,
  ) => Promise<void>,
  { scope: "worker"; timeout: number },
] {
  return [
    async ({ servers }, use, workerInfo) => {
      const dir = resolve(`.data/e2e/worker-${workerInfo.parallelIndex}/${folder}`);
      mkdirSync(dir, { recursive: true });
      const { env, ...more } = options(dir);
      const cluster = await startCluster({
        sandboxUrl: servers.sandboxUrl,
        dir,
        sessionSecret: SESSION_SECRET,
        // The worker's store, as every instance of a deployment shares one.
        env: { DATABASE_URL: servers.databaseUrl, ...env },
        ...more,
      });
      try {
        await use(cluster);
      } finally {
        // Each instance ended, and its log written to its end, before it is read.
        await cluster.stop();
      }
      const secrets = await secretsToKeep(new Sandbox(servers.sandboxUrl));
      expectPortalsEndedClean(
        cluster.instances.map(({ name, diedOnItsOwn }) => {
          const logFile = join(cluster.dir, `${name}.log`);
          return { logFile, log: readFileSync(logFile, "utf8"), diedOnItsOwn: diedOnItsOwn() };
        }),
        secrets,
      );
    },
    { scope: "worker", timeout: 60_000 },
  ];
}

/**
 * A portal instance beside the worker's own, on its sessions (a sign-in on one holds on the
 * other), started the first time a test of the worker asks for it. Its log is checked with every
 * other portal's when the worker ends.
 */
function instanceOfTheWorker(
  env: () => Promise<Record<string, string>>,
): [
  (
    fixtures: { servers: WorkerServers; scriptsRefused: boolean },
    use: (url: string) => Promise<void>,
  ) => Promise<void>,
  { scope: "worker"; timeout: number },
] {
  return [
    async ({ servers: _servers, scriptsRefused }, use) => {
      const instance = await startPortalInstance(await env());
      await browserAddressOf(instance.url, scriptsRefused, use);
    },
    { scope: "worker", timeout: 30_000 },
  ];
}

/** A portal's address as the browser uses it: through the scripts-refusing proxy when asked. */
async function browserAddressOf(
  portalUrl: string,
  scriptsRefused: boolean,
  use: (url: string) => Promise<void>,
) {
  if (!scriptsRefused) return use(portalUrl);
  const proxy = await startScriptsRefusedProxy(portalUrl);
  await use(proxy.url);
  await proxy.stop();
}

/** A script of the portal's build (the entry, a route's module, a chunk). */
const isPortalScript = (pathname: string) => /^\/assets\/[^/]+\.js$/.test(pathname);
/** What only a running client asks for: route discovery and a page's or action's data. */
const isClientRequest = (pathname: string) =>
  pathname === "/__manifest" || pathname.endsWith(".data");

/**
 * Watches a JS-off test's browser for what it asks of the portal (issue 40): requests only a
 * running client makes, and any script at all: a page without JS downloads none (decision 029;
 * Chromium fetched the modules the page preloads before they were put in an inert template).
 */
function watchForScripts(page: Page) {
  const asked: string[] = [];
  page.context().on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (isClientRequest(pathname) || isPortalScript(pathname)) asked.push(request.url());
  });
  return asked;
}

/**
 * JavaScript really was off, proven by what cannot be there when it is: no page the test opened
 * ran the inline script that sets Remix's context while the page is parsed, and nothing only a
 * running client asks for was asked for during the whole test (a check made only at the end, or
 * only of values hydration sets, would pass on a page whose scripts had not run yet).
 */
async function expectScriptsNeverRan(pages: Page[], askedFor: string[]) {
  for (const page of pages) {
    if (page.isClosed() || page.url() === "about:blank") continue;
    await page.waitForLoadState();
    const context = await page.evaluate(
      () => typeof (window as { __remixContext?: unknown }).__remixContext,
    );
    expect(context, `JavaScript ran on ${page.url()}`).toBe("undefined");
  }
  expect(askedFor, "what only scripts ask for, asked for with JavaScript off").toEqual([]);
}

/**
 * After every test of a worker, in what every portal process it started wrote (its own, the extra
 * instances, those tests started and killed): no secret, no crash nor unhandled rejection, and
 * none ended without a test ending it.
 */
function expectPortalsEndedClean(portals: PortalRecord[], secrets: string[]) {
  for (const { logFile, log, diedOnItsOwn } of portals) {
    // The log's end goes with the message: the worker's folder is emptied when the next one starts.
    const end = log.split("\n").slice(-15).join("\n");
    expect(
      diedOnItsOwn,
      `${logFile}: the portal ended on its own; its log ends:\n${end}`,
    ).toBeNull();
    expect(crashLinesOf(log), `crashes or unhandled rejections in ${logFile}`).toEqual([]);
    const leaked = secrets.filter((secret) => log.includes(secret));
    expect(leaked, `secrets in ${logFile}`).toEqual([]);
  }
}

/**
 * A provider slower than the impatient portal by seconds, not a moment: on a busy machine a portal
 * held off the CPU past its deadline could otherwise read a late answer before its own timeout.
 */
export const NO_ANSWER_IN_TIME = { latencyMs: 5000 };

/** Firefox ESR driven over WebDriver BiDi (playwright-core's `_bidiFirefox`, playwright.config.ts). */
export function isBidiFirefox(browserName: string) {
  return browserName.includes("Firefox") || browserName === "firefox";
}

/**
 * A downloaded file's bytes, as the browser saved them. Under WebDriver BiDi (Firefox, Playwright
 * 1.56) Playwright is told of the download but keeps no file: Firefox saves it itself, into the
 * worker's folder (emptied for each test), first as `<name>.part`.
 */
export async function downloadedFile(download: Download) {
  const path = await download.path().catch(() => null);
  if (path && existsSync(path)) return readFileSync(path);
  const saved = join(firefoxDownloadsOf(test.info().parallelIndex), download.suggestedFilename());
  await expect
    .poll(() => existsSync(saved) && !existsSync(`${saved}.part`) && statSync(saved).size > 0, {
      message: `${saved}, saved by Firefox`,
    })
    .toBe(true);
  return readFileSync(saved);
}

/** Where the worker's Firefox saves downloads (BiDi: Firefox saves them itself). */
const firefoxDownloadsOf = (workerIndex: number) =>
  `.data/e2e/worker-${workerIndex}/firefox-downloads`;

/** The production build's cookie names take the `__Host-` prefix (app/utils/session/cookies.server.ts). */
export const SESSION_COOKIE = "__Host-session";

/**
 * A test of what another engine may do differently (a download saved, the keyboard, a dialog,
 * cookies refused or dropped, right to left, motion): of the specs Firefox shares with Chromium
 * whose other tests drive the same server HTML and client code, the only ones Firefox runs
 * (decision 026).
 */
export const ENGINE_SPECIFIC = { tag: "@engine-specific" };

/**
 * The status line of the answer to a request written byte for byte (a head with `Expect`, a body
 * that stops short: what no HTTP client sends as it is).
 */
export function statusLineOf(url: string, request: string) {
  const { hostname, port } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(request));
    socket.once("data", (chunk) => {
      resolve(chunk.toString("latin1").split("\r\n")[0]);
      socket.destroy();
    });
    socket.on("error", reject);
  });
}

/** The security token (CSRF) a page's forms carry, read from its HTML. */
export const securityTokenIn = (html: string) =>
  /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

/**
 * Another browser, at another address (X-Forwarded-For, which the test portals trust): cookies of
 * its own, signing in over HTTP as a browser without JS would. `signIn` answers the sign-in's
 * status; after a 302 the browser's session is dropped (as at a sign-out), its other cookies kept.
 */
export async function browserAt(browser: Browser, portalUrl: string, address: string) {
  const context = await browser.newContext({
    baseURL: portalUrl,
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  return {
    async signIn(user: { userName: string; password: string }) {
      return (await this.signInAnswer(user)).status;
    },
    /** The sign-in's status and page (the form again, with its messages, when refused). */
    async signInAnswer(user: { userName: string; password: string }) {
      const csrf = securityTokenIn(await (await context.request.get("/auth/login")).text());
      const answer = await context.request.post("/auth/login", {
        form: { csrf, username: user.userName, password: user.password },
        maxRedirects: 0,
      });
      if (answer.status() === 302) await context.clearCookies({ name: SESSION_COOKIE });
      return { status: answer.status(), text: await answer.text() };
    },
    close: () => context.close(),
  };
}

/** What the portal says, in English, when the provider failed a page or a form. */
export const UNAVAILABLE = "The booking service is not answering right now.";

type Fixtures = { sandbox: Sandbox; portal: Portal };
/** What a Playwright project of playwright.config.ts may set for its workers. */
export type WorkerOptions = {
  /**
   * The browser reaches the portals through a proxy that refuses every script of their pages: the
   * "JavaScript off" of a browser without a script switch (scripts-refused.ts).
   */
  scriptsRefused: boolean;
};
type WorkerFixtures = WorkerOptions & {
  servers: WorkerServers;
  /** The worker's portal as the browser reaches it (through that proxy when scripts are refused). */
  portalUrlForBrowser: string;
  /** The worker's portal that gives the provider 1 s, not 5, so a test of timeouts takes seconds. */
  impatientPortalUrl: string;
  /** The worker's portal whose provider is where nothing listens: every call is refused. */
  portalWithoutProviderUrl: string;
  /** The worker's portal whose sign-ins have a global budget of 20 failures, not 300. */
  portalWithSmallSignInBudgetUrl: string;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  servers: [
    async ({}, use, workerInfo) => {
      const started = await startWorkerServers(workerInfo.parallelIndex);
      await use(started.servers);
      let secrets: string[] = [];
      let portals: PortalRecord[] = [];
      try {
        secrets = await secretsToKeep(new Sandbox(started.servers.sandboxUrl));
      } finally {
        portals = await started.stop();
      }
      expect(portals.length).toBeGreaterThan(0);
      expectPortalsEndedClean(portals, secrets);
    },
    { scope: "worker", auto: true, timeout: 60_000 },
  ],
  impatientPortalUrl: instanceOfTheWorker(async () => ({ PROVIDER_TIMEOUT_MS: "1000" })),
  portalWithoutProviderUrl: instanceOfTheWorker(async () => ({
    PROVIDER_API_URL: `http://127.0.0.1:${await freePort()}`,
  })),
  portalWithSmallSignInBudgetUrl: instanceOfTheWorker(async () => ({
    SIGNIN_GLOBAL_MAX_FAILURES: "20",
  })),
  scriptsRefused: [false, { scope: "worker", option: true }],
  portalUrlForBrowser: [
    async ({ servers, scriptsRefused }, use) =>
      browserAddressOf(servers.portalUrl, scriptsRefused, use),
    { scope: "worker" },
  ],
  baseURL: async ({ portalUrlForBrowser }, use) => use(portalUrlForBrowser),
  // Firefox under BiDi saves downloads itself, and numbers a name it saved before ("requests(2).csv"):
  // each worker's browser saves into a folder of the worker's, which each test starts empty.
  launchOptions: [
    async ({ launchOptions }, use, workerInfo) => {
      if (!launchOptions.firefoxUserPrefs) return use(launchOptions);
      const dir = resolve(firefoxDownloadsOf(workerInfo.parallelIndex));
      await use({
        ...launchOptions,
        firefoxUserPrefs: { ...launchOptions.firefoxUserPrefs, "browser.download.dir": dir },
      });
    },
    { scope: "worker" },
  ],
  context: async ({ context }, use) => {
    // The tests' HTTP requests (page.request) reuse keep-alive connections. The worker's portals
    // keep theirs open longer than a test (KEEP_ALIVE_TIMEOUT_MS, servers.ts); HAProxy closes an
    // idle one after 10 s, and a request sent at that moment is reset unread. Playwright resends
    // exactly such a reset when asked to: reads only, since a post resent could hide a portal that
    // failed while answering it.
    const request = context.request;
    for (const method of ["get", "head"] as const) {
      const send = request[method].bind(request) as (url: unknown, options?: object) => unknown;
      Object.assign(request, {
        [method]: (url: unknown, options?: object) => send(url, { maxRetries: 2, ...options }),
      });
    }
    await use(context);
  },
  sandbox: async ({ servers }, use) => {
    const sandbox = new Sandbox(servers.sandboxUrl);
    await sandbox.reset();
    await use(sandbox);
  },
  portal: async ({ page, javaScriptEnabled, servers, sandbox: _sandbox }, use, testInfo) => {
    // Wizard drafts outlive sessions on purpose; each test starts without one, and with the
    // portal's own store empty (shared offers, branding).
    rmSync(join(servers.sessionDir, "records"), { recursive: true, force: true });
    await emptyStore(servers.databaseUrl);
    const downloads = firefoxDownloadsOf(testInfo.parallelIndex);
    rmSync(downloads, { recursive: true, force: true });
    mkdirSync(downloads, { recursive: true });
    const askedFor = javaScriptEnabled ? [] : watchForScripts(page);
    await use(new Portal(page, javaScriptEnabled));
    if (!javaScriptEnabled) await expectScriptsNeverRan(page.context().pages(), askedFor);
  },
});

export { expect };

/** Every row of the portal's own store gone; its tables stay, as migrated. */
async function emptyStore(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("TRUNCATE shared_offers, agency_branding, clerk_offer_defaults");
  } finally {
    await client.end();
  }
}

/**
 * The page's stylesheet, a script and its first translation file, asked for from `baseUrl` as a
 * browser that reads Brotli and as one that reads only gzip: each comes encoded as asked, and
 * decodes to the built file (issue 56).
 */
export async function expectAssetsInBothEncodings(
  request: APIRequestContext,
  baseUrl: string,
  pageHtml: string,
) {
  const assets = [
    /href="(\/assets\/[^"]+\.css)"/,
    /href="(\/assets\/[^"]+\.js)"/,
    /href="(\/assets\/[^"]+\.json)"/,
  ].map((pattern) => pattern.exec(pageHtml)![1]);
  for (const asset of assets)
    for (const encoding of ["br", "gzip"]) {
      const response = await request.get(`${baseUrl}${asset}`, {
        headers: { "Accept-Encoding": encoding },
      });
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["content-encoding"], `${asset} (${encoding})`).toBe(encoding);
      expect(response.headers()["vary"], asset).toContain("Accept-Encoding");
      expect(response.headers()["content-type"], asset).not.toContain("octet-stream");
      expect((await response.body()).equals(readFileSync(`build/client${asset}`)), asset).toBe(
        true,
      );
    }
}
