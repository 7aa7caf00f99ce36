import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Builder, By, type WebDriver, type WebElement } from "selenium-webdriver";
import type { Cluster } from "../../deploy/cluster";
import { DEMO_USER } from "#sandbox/seed";
import { test as base, clusterOfTheWorker, expect } from "./fixtures";
import { freePort } from "./servers";

/**
 * WebKit, the engine of Safari and of every iPhone browser, as WebKitGTK's own WebDriver drives
 * it: Debian's `WebKitWebDriver` starting its MiniBrowser on an X display of its own (Xvfb), with
 * selenium-webdriver as the client. Playwright cannot: it drives only its own WebKit build, which
 * it cannot download here.
 *
 * WebKit keeps the portal's `Secure` cookies over HTTPS only (not on http://localhost, as Chromium
 * and Firefox do), so these tests reach the portal the way production does: HAProxy terminating
 * TLS (`deploy/haproxy.cfg`, a certificate made for the test) in front of the instances on Redis.
 * JavaScript off is WebKit's own setting (`--enable-javascript=false`); WebDriver's scripts still
 * run, as in Chromium without JS.
 */

const MINIBROWSER = process.env.MINIBROWSER_PATH || findMiniBrowser();

/** Debian puts MiniBrowser beside WebKitGTK's library, under the machine's multiarch folder. */
function findMiniBrowser() {
  const folder = readdirSync("/usr/lib").find((name) =>
    existsSync(join("/usr/lib", name, "webkit2gtk-4.1/MiniBrowser")),
  );
  return folder ? join("/usr/lib", folder, "webkit2gtk-4.1/MiniBrowser") : "MiniBrowser";
}

/** A self-signed certificate for `localhost` and its key, in one PEM file (as HAProxy takes it). */
function makeCertificate(dir: string) {
  const key = join(dir, "localhost.key");
  const certificate = join(dir, "localhost.crt");
  execFileSync(
    process.env.OPENSSL_PATH || "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"],
      ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
      ...["-keyout", key, "-out", certificate],
    ],
    { stdio: "ignore" },
  );
  const pem = join(dir, "localhost.pem");
  writeFileSync(pem, readFileSync(certificate, "utf8") + readFileSync(key, "utf8"));
  return pem;
}

function ended(child: ChildProcess) {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once("exit", () => done());
  });
}

/** An X display of its own: Xvfb picks a free number and writes it (`-displayfd`). */
async function startDisplay() {
  const child = spawn(
    process.env.XVFB_PATH || "Xvfb",
    // Its own built-in fonts: the font packages Xvfb only recommends need not be installed.
    ["-displayfd", "1", "-nolisten", "tcp", "-fp", "built-ins", "-screen", "0", "1280x1024x24"],
    {
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  const display = await new Promise<string>((done, fail) => {
    let heard = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      heard += chunk.toString();
      if (heard.includes("\n")) done(`:${heard.trim()}`);
    });
    child.once("exit", (code) => fail(new Error(`Xvfb exited (${code}) before it had a display`)));
  });
  return { display, stop: async () => (child.kill(), ended(child)) };
}

/**
 * WebKitWebDriver on that display; resolves once it says it is ready. Its browsers have `home` for
 * a home folder, so what they save goes into its Downloads folder. Each worker's driver listens on
 * a loopback address of its own (127.0.0.1x), so a driver that answers is never the other
 * worker's; a port taken between the finding and the binding ends the driver, and another is tried.
 */
async function startDriver(workerIndex: number, display: string, home: string, logFile: string) {
  const host = `127.0.0.${10 + workerIndex}`;
  let log = "";
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(
      process.env.WEBKIT_DRIVER_PATH || "WebKitWebDriver",
      [`--host=${host}`, `--port=${port}`],
      {
        env: { ...process.env, DISPLAY: display, HOME: home },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const url = `http://${host}:${port}`;
    const deadline = Date.now() + 15_000;
    let ready = false;
    while (!ready && child.exitCode === null && Date.now() < deadline) {
      ready = await fetch(`${url}/status`).then(
        async (response) => Boolean(((await response.json()) as StatusAnswer).value?.ready),
        () => false,
      );
      if (!ready) await new Promise((done) => setTimeout(done, 100));
    }
    if (ready)
      return {
        url,
        stop: async () => {
          child.kill();
          await ended(child);
          writeFileSync(logFile, log);
        },
      };
    child.kill();
    if (attempt === 3) throw new Error(`WebKitWebDriver did not start:\n${log}`);
  }
}

type StatusAnswer = { value?: { ready?: boolean } };

/** A new browser: MiniBrowser with JavaScript on or off, its cookies and storage its own. */
function openBrowser(driverUrl: string, javaScriptEnabled: boolean) {
  return new Builder()
    .usingServer(driverUrl)
    .withCapabilities({
      browserName: "MiniBrowser",
      // The test's own certificate, which no authority signed.
      acceptInsecureCerts: true,
      "webkitgtk:browserOptions": {
        binary: MINIBROWSER,
        args: ["--automation", `--enable-javascript=${javaScriptEnabled}`],
      },
    })
    .build();
}

/** How long a new MiniBrowser may take to open before it is given up and opened again. */
const BROWSER_OPENS_WITHIN_MS = 20_000;

/**
 * A driver of the test's own (one that ended during an earlier test, as one did once in a full
 * run, cannot take the next ones with it) and its browser. A browser that does not open in time
 * (twice in CI runs beside a busy suite, the test's whole 90 s) is given up with its driver, whose
 * log is kept, and opened again once on a new one.
 */
async function browserOnItsOwnDriver(
  screen: { display: string; home: string; workerIndex: number },
  javaScriptEnabled: boolean,
  logFileOf: (attempt: number) => string,
) {
  for (let attempt = 1; ; attempt++) {
    const webkitDriver = await startDriver(
      screen.workerIndex,
      screen.display,
      screen.home,
      logFileOf(attempt),
    );
    const opening = openBrowser(webkitDriver.url, javaScriptEnabled);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, fail) => {
      timer = setTimeout(
        () => fail(new Error(`MiniBrowser did not open within ${BROWSER_OPENS_WITHIN_MS} ms`)),
        BROWSER_OPENS_WITHIN_MS,
      );
    });
    try {
      return { webkitDriver, driver: await Promise.race([opening, late]) };
    } catch (error) {
      // A browser that opens after all is closed with its driver.
      opening.then((driver) => driver.quit()).catch(() => {});
      await webkitDriver.stop();
      if (attempt === 2) throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The elements matching `arguments[1]` within `arguments[0]` whose accessible name, near enough
 * for the portal's controls (aria-label, the label, the text), is `arguments[2]`, or starts with
 * it (a hotel's label goes on with its stars and price); shown ones only, in document order.
 */
const NAMED = `var wanted = arguments[2];
function nameOf(element) {
  var label = element.getAttribute("aria-label");
  if (label) return label;
  if (element.labels && element.labels.length) return element.labels[0].textContent;
  return element.textContent || element.value || "";
}
var within = document.querySelector(arguments[0]);
if (!within) return [];
var shown = Array.prototype.filter.call(within.querySelectorAll(arguments[1]), function (element) {
  return element.getClientRects().length > 0;
});
function named(exact) {
  return shown.filter(function (element) {
    var name = nameOf(element).replace(/\\s+/g, " ").trim();
    return exact ? name === wanted : name.indexOf(wanted) === 0;
  });
}
var exact = named(true);
return exact.length ? exact : named(false);`;

/** The portal as a user drives it in WebKit; the WebKit twin of fixtures.ts's `Portal`. */
export class WebKitUser {
  constructor(
    readonly driver: WebDriver,
    readonly baseUrl: string,
    readonly javaScriptEnabled: boolean,
  ) {}

  async visit(path: string) {
    await this.driver.get(`${this.baseUrl}${path}`);
    await this.hydrated();
  }

  /** With JS on, waits for hydration, so the next step meets the enhanced page. */
  async hydrated() {
    if (this.javaScriptEnabled) await this.find("html[data-hydrated]");
  }

  /** The first element matching `css` (within `scope`), once there is one. */
  async find(css: string, scope?: WebElement) {
    return this.waitFor(async () => {
      const found = await (scope ?? this.driver).findElements(By.css(css));
      return found[0];
    }, css);
  }

  /** The form control labelled `label` (within the element matching `scope`), once it is there. */
  async control(label: string, scope = "body") {
    return (await this.named("input, select, textarea", label, scope))[0];
  }

  /** The last button named `name` (the wizard repeats Continue at the foot). */
  async button(name: string, scope = "body") {
    return (await this.named("button", name, scope)).at(-1)!;
  }

  async link(name: string, scope = "body") {
    return (await this.named("a", name, scope))[0];
  }

  private named(tags: string, name: string, scope: string) {
    return this.waitFor(async () => {
      const found = await this.driver.executeScript<WebElement[]>(NAMED, scope, tags, name);
      return found.length > 0 ? found : undefined;
    }, `${tags} named "${name}" in ${scope}`);
  }

  async fill(label: string, value: string, scope?: string) {
    const control = await this.control(label, scope);
    await control.clear();
    await control.sendKeys(value);
  }

  /** Chooses the option whose text, or value, is `option`. */
  async select(label: string, option: string, scope?: string) {
    const control = await this.control(label, scope);
    await control
      .findElement(By.xpath(`.//option[@value="${option}" or normalize-space(.)="${option}"]`))
      .click();
  }

  async check(label: string, scope?: string) {
    const control = await this.control(label, scope);
    if (!(await control.isSelected())) await control.click();
  }

  async click(element: Promise<WebElement>) {
    await (await element).click();
  }

  /** The page's address (path and query), once it matches. */
  async waitForPath(pattern: RegExp) {
    return this.waitFor(async () => {
      const url = new URL(await this.driver.getCurrentUrl());
      const path = url.pathname + url.search;
      return pattern.test(path) ? path : undefined;
    }, `an address matching ${pattern}`);
  }

  /** Waits until the page shows `text` (in `css`, the body by default). */
  async waitForText(text: string, css = "body") {
    await this.waitFor(async () => {
      const elements = await this.driver.findElements(By.css(css));
      for (const element of elements) if ((await element.getText()).includes(text)) return true;
      return undefined;
    }, `"${text}" in ${css}`);
  }

  /** Fills in and sends the login form; the outcome is the test's to check. */
  async attemptSignIn(user: { userName: string; password: string } = DEMO_USER) {
    await this.visit("/auth/login");
    await this.fill("Username", user.userName);
    await this.fill("Password", user.password);
    await this.click(this.button("Sign in"));
  }

  /** Signs in and waits until the portal has let the user in. */
  async signIn(user: { userName: string; password: string } = DEMO_USER) {
    await this.attemptSignIn(user);
    await this.waitForPath(/^\/(?!auth\/)/);
    await this.find("nav");
    await this.hydrated();
  }

  /** Polls `value` until it gives something (not undefined, null or false): a state, not a time. */
  async waitFor<T>(value: () => Promise<T | undefined | null | false>, what: string) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const got = await value().catch(() => undefined);
      if (got !== undefined && got !== null && got !== false) return got;
      if (Date.now() > deadline) throw new Error(`WebKit: no ${what} within 15 s`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

type WebKitWorkerFixtures = {
  /** The deployment over HTTPS: HAProxy with the test's certificate, the instances, Redis. */
  httpsCluster: Cluster;
  /** The worker's own X display for WebKit's windows, and its browsers' home folder. */
  webkitScreen: { display: string; home: string; workerIndex: number };
};

type WebKitFixtures = {
  user: WebKitUser;
  /** Where the test's browser saves downloads; empty when the test starts. */
  downloads: string;
};

export const test = base.extend<WebKitFixtures, WebKitWorkerFixtures>({
  httpsCluster: clusterOfTheWorker("https", (dir) => ({ tlsCertificate: makeCertificate(dir) })),
  webkitScreen: [
    async ({}, use, workerInfo) => {
      const home = resolve(`.data/e2e/worker-${workerInfo.parallelIndex}/webkit-home`);
      // GLib's download folder, which WebKit saves into (without it, the home folder itself).
      mkdirSync(join(home, ".config"), { recursive: true });
      writeFileSync(join(home, ".config/user-dirs.dirs"), 'XDG_DOWNLOAD_DIR="$HOME/Downloads"\n');
      const screen = await startDisplay();
      try {
        await use({ display: screen.display, home, workerIndex: workerInfo.parallelIndex });
      } finally {
        await screen.stop();
      }
    },
    { scope: "worker", timeout: 30_000 },
  ],
  downloads: async ({ webkitScreen }, use) => {
    const downloads = join(webkitScreen.home, "Downloads");
    rmSync(downloads, { recursive: true, force: true });
    mkdirSync(downloads);
    await use(downloads);
  },
  user: async (
    { httpsCluster, webkitScreen, javaScriptEnabled, sandbox: _sandbox },
    use,
    testInfo,
  ) => {
    // Sessions and drafts live in the cluster's Redis: each test starts without either.
    await httpsCluster.redis.client().flushdb();
    const { webkitDriver, driver } = await browserOnItsOwnDriver(
      webkitScreen,
      javaScriptEnabled,
      (attempt) => testInfo.outputPath(`webkit-driver-${attempt}.log`),
    );
    try {
      await driver.manage().window().setRect({ width: 1280, height: 900 });
      await use(new WebKitUser(driver, httpsCluster.url, javaScriptEnabled));
      // A failed journey keeps the page WebKit showed last: a WebDriver test has no snapshot.
      if (testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach("last-page.html", {
          body: `<!-- ${await driver.getCurrentUrl()} -->\n${await driver.getPageSource()}`,
          contentType: "text/html",
        });
      // The page's own idea of JavaScript matches the project's: hydrated with it; without it,
      // not even the inline script that sets Remix's context while the page is parsed ran.
      const page = await driver.executeScript<{ hydrated: boolean; context: string }>(
        "return { hydrated: document.documentElement.hasAttribute('data-hydrated'), context: typeof window.__remixContext }",
      );
      // (A customer's shared offer sends no script at all: nothing to hydrate there.)
      const last = new URL(await driver.getCurrentUrl());
      if (last.protocol === "https:" && !last.pathname.startsWith("/offer/"))
        expect(page, "the page's scripts").toEqual(
          javaScriptEnabled
            ? { hydrated: true, context: "object" }
            : { hydrated: false, context: "undefined" },
        );
    } finally {
      await driver.quit();
      await webkitDriver.stop();
    }
  },
});

export { expect };
