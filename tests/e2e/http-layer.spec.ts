import { readFileSync } from "node:fs";
import { request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { PUBLIC_PAGES, SIGNED_IN_PAGE_GROUPS } from "#tests/pages";
import type { Page } from "@playwright/test";
import { expect, startPortalInstance, test, type Portal } from "./fixtures";
import { workerServers } from "./servers";

/**
 * The portal's own HTTP layer (server/index.ts), tried as an attacker would, over plain HTTP: a
 * body is refused by its size before it is read, a slow sender is cut off while a slow but steady
 * one gets through, every answer carries the headers, the log holds no query string, and a form
 * posted from another site gets a translated 403 with nothing changed.
 */

const MB = 1024 * 1024;

/** The portal process's resident memory, in bytes (Linux). */
function residentBytes(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** The browser's cookies for the portal, as a Cookie header for requests made without it. */
async function cookieHeader(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/**
 * Posts `totalBytes` of `filler` after `head`, in 64 KB pieces as fast as the server takes them,
 * declared (`Content-Length`) or chunked; resolves with the answer, which may come long before
 * the body is all sent (then the rest is never sent), or after it.
 */
function streamPost(
  url: string,
  {
    headers,
    head = "",
    totalBytes,
    chunked = false,
  }: { headers: OutgoingHttpHeaders; head?: string; totalBytes: number; chunked?: boolean },
) {
  return new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = httpRequest(url, {
      method: "POST",
      headers: chunked ? headers : { ...headers, "Content-Length": totalBytes },
    });
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sentBytes }));
      response.on("error", () => resolve({ status: response.statusCode ?? 0, body, sentBytes }));
    });
    // Writing on after the server answered and closed: the server was right not to read on.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const piece = Buffer.alloc(64 * 1024, "a=1&");
    const writeOn = () => {
      if (sentBytes === 0 && head) {
        request.write(head);
        sentBytes += head.length;
      }
      while (!answered && !request.destroyed && sentBytes < totalBytes) {
        const chunk = piece.subarray(0, Math.min(piece.length, totalBytes - sentBytes));
        sentBytes += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", writeOn);
      }
      if (!answered && !request.destroyed) request.end();
    };
    writeOn();
  });
}

test.describe("limits before a body is read", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "HTTP alone: one run is enough");

  test("200 MB sent to the sign-in and the receipt action: 413 at once, memory untouched", async ({
    portal,
    page,
  }) => {
    const instance = await startPortalInstance();
    try {
      await portal.signInDirectly();
      const cookie = await cookieHeader(page);
      // The first answers load what every later one uses: measured from after them.
      await page.request.get(`${instance.url}/auth/login`);
      await page.request.get(`${instance.url}/orders/order-details/3001/receipt`);
      const before = residentBytes(instance.pid);

      const form = { "Content-Type": "application/x-www-form-urlencoded" };
      const receipt = `${instance.url}/orders/order-details/3001/receipt`;
      const multipart = { "Content-Type": "multipart/form-data; boundary=portal", Cookie: cookie };
      const filePart =
        '--portal\r\nContent-Disposition: form-data; name="receipt"; filename="r.png"\r\n' +
        "Content-Type: image/png\r\n\r\n";
      const answers = [
        await streamPost(`${instance.url}/auth/login`, { headers: form, totalBytes: 200 * MB }),
        await streamPost(`${instance.url}/auth/login`, {
          headers: form,
          totalBytes: 200 * MB,
          chunked: true,
        }),
        await streamPost(receipt, { headers: multipart, head: filePart, totalBytes: 200 * MB }),
        await streamPost(receipt, {
          headers: multipart,
          head: filePart,
          totalBytes: 200 * MB,
          chunked: true,
        }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(413);
        // Neither read nor sent whole: the answer came while the body was still coming.
        expect(answer.sentBytes).toBeLessThan(50 * MB);
      }
      expect(residentBytes(instance.pid) - before).toBeLessThan(10 * MB);
    } finally {
      await instance.kill();
    }
  });

  test("a million fields are refused at once; so are too many in a small body", async ({
    portal,
  }) => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const url = `${workerServers().portalUrl}/auth/login`;
    const started = Date.now();
    const million = await streamPost(url, { headers: form, totalBytes: 4 * 1_000_000 });
    const chunked = await streamPost(url, {
      headers: form,
      totalBytes: 4 * 1_000_000,
      chunked: true,
    });
    expect(million.status).toBe(413);
    expect(chunked.status).toBe(413);
    expect(Date.now() - started).toBeLessThan(1000);
    // 2,000 fields fit in 8 KB: refused by their number.
    const csrf = await portal.securityTokenOf("/auth/login");
    const fields = Array.from({ length: 2000 }, (_, index) => `f${index}=1`).join("&");
    const response = await portal.page.request.post("/auth/login", {
      headers: form,
      data: `csrf=${csrf}&username=demo&password=x&${fields}`,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(413);
  });

  test("a person who pastes a megabyte into a form gets a translated page, in Persian too", async ({
    portal,
  }) => {
    await portal.signInDirectly();
    const note = { intent: "note", content: "x".repeat(MB) };
    const english = await portal.sendForm("/reservations/reservation-details/7001", note);
    expect(english.status()).toBe(413);
    expect(await english.text()).toContain("What was sent is larger than this page accepts");
    await portal.chooseLanguageDirectly("fa");
    const persian = await portal.sendForm("/reservations/reservation-details/7001", note);
    expect(persian.status()).toBe(413);
    expect(await persian.text()).toContain("آنچه ارسال شد بزرگ‌تر از حدی است");
  });

  test("a sender that stalls is cut off; a receipt sent slowly but steadily gets through", async ({
    portal,
    page,
    sandbox,
  }) => {
    const instance = await startPortalInstance({ BODY_IDLE_TIMEOUT_MS: "2000" });
    try {
      // Stalls after a few bytes of a 1,000-byte body.
      const { port } = new URL(instance.url);
      const stalled = await new Promise<{ answer: string; ms: number }>((resolve) => {
        const started = Date.now();
        let answer = "";
        const socket = connect(Number(port), "127.0.0.1", () =>
          socket.write(
            "POST /auth/login HTTP/1.1\r\nHost: localhost\r\n" +
              "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nuser",
          ),
        );
        socket.setEncoding("utf8");
        socket.on("data", (text: string) => (answer += text));
        socket.on("close", () => resolve({ answer, ms: Date.now() - started }));
      });
      expect(stalled.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(stalled.answer).toContain("The form did not arrive");
      expect(stalled.ms).toBeGreaterThanOrEqual(1900);
      expect(stalled.ms).toBeLessThan(10_000);

      // A receipt of 192 KB in 12 pieces, 250 ms apart: 3 s in all, longer than the idle limit,
      // never idle for long, as a clerk's 5 MB over slow 3G (about 105 s of steady bytes).
      await portal.signInDirectly();
      const receiptPage = `${instance.url}/orders/order-details/3001/receipt`;
      const csrf = await portal.securityTokenOf(receiptPage);
      const cookie = await cookieHeader(page);
      const boundary = "slow3g";
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const fields = {
        csrf,
        receiptNumber: "RC-SLOW-3G",
        paymentDate: "2026/11/20",
        paymentTime: "10:30",
        receiptPaymentType: "1",
        sendersName: "Sara Ahmadi",
        amount: "1250",
        currency: "1",
        bank: "",
        description: "",
      };
      const png = Buffer.concat([
        Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
        Buffer.alloc(192 * 1024 - 16),
      ]);
      const body = Buffer.concat([
        Buffer.from(
          Object.entries(fields)
            .map(([name, value]) => field(name, value))
            .join(""),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="r.png"\r\n` +
            "Content-Type: image/png\r\n\r\n",
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(receiptPage, {
          method: "POST",
          headers: {
            "Content-Type": `multipart/form-data; boundary=${boundary}`,
            "Content-Length": body.length,
            Cookie: cookie,
          },
        });
        request.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
        const pieces = 12;
        const size = Math.ceil(body.length / pieces);
        let sent = 0;
        const sendNext = () => {
          request.write(body.subarray(sent * size, (sent + 1) * size));
          sent += 1;
          if (sent < pieces) setTimeout(sendNext, 250);
          else request.end();
        };
        sendNext();
      });
      // Without JS a receipt sent goes back to its order.
      expect(status).toBe(302);
      const state = await sandbox.state();
      expect(state.payments.some((payment) => payment.receiptNumber === "RC-SLOW-3G")).toBe(true);
    } finally {
      await instance.kill();
    }
  });
});

const COMMON_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

function expectCommonHeaders(headers: Record<string, string>, what: string) {
  for (const [name, value] of Object.entries(COMMON_HEADERS))
    expect(headers[name], `${name} of ${what}`).toBe(value);
  expect(headers["permissions-policy"], `permissions-policy of ${what}`).toContain("camera=()");
}

test.describe("headers on every answer", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "HTTP alone: one run is enough");

  test("pages, data, resource routes, redirects, errors and assets carry the headers; nothing signed in is kept", async ({
    portal,
    page,
  }) => {
    const get = (path: string) => page.request.get(path, { maxRedirects: 0 });
    for (const path of PUBLIC_PAGES) expectCommonHeaders((await get(path)).headers(), path);
    const signedOutRedirect = await get("/reservations/list");
    expect(signedOutRedirect.status()).toBe(302);
    expectCommonHeaders(signedOutRedirect.headers(), "a redirect to sign in");

    await portal.signInDirectly();
    const signedIn = [
      ...Object.values(SIGNED_IN_PAGE_GROUPS).flat(),
      "/dashboard.data",
      "/reservations/list.data?guest=Sara",
    ];
    for (const path of signedIn) {
      const response = await get(path);
      expect(response.status(), path).toBe(200);
      expectCommonHeaders(response.headers(), path);
      expect(response.headers()["cache-control"], path).toBe("no-store");
    }

    const dashboard = await (await get("/dashboard")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(dashboard)![0];
    const others: Array<[string, () => ReturnType<typeof get>, number]> = [
      ["the notes poll", () => get("/reservations/reservation-details/7001/notes"), 200],
      ["the airports", () => get("/reservations/airports?q=IKA"), 200],
      ["the health check", () => get("/healthcheck"), 200],
      ["the route manifest", () => get("/__manifest?p=%2Fdashboard&version=0"), 204],
      ["a CSV", () => get("/reservations/list.csv"), 200],
      ["a page that does not exist", () => get("/no-such-page"), 404],
      [
        "a body no form sends",
        () =>
          page.request.post("/changePassword", {
            headers: { "Content-Type": "application/json" },
            data: "{}",
          }),
        415,
      ],
      [
        "the language switch's redirect",
        () => portal.sendForm("/settings/language", { language: "en", redirectTo: "/" }, "/"),
        302,
      ],
      ["an asset", () => get(asset), 200],
      ["the favicon", () => get("/favicon.ico"), 200],
    ];
    for (const [what, ask, status] of others) {
      const response = await ask();
      expect(response.status(), what).toBe(status);
      expectCommonHeaders(response.headers(), what);
    }
    expect((await get(asset)).headers()["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    const logout = await portal.sendForm("/auth/logout", {}, "/dashboard");
    expect(logout.status()).toBe(302);
    expectCommonHeaders(logout.headers(), "the sign-out's redirect");
  });
});

test.describe("the request log", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "HTTP alone: one run is enough");

  test("a search for a guest leaves the guest's name out of the log", async ({ portal, page }) => {
    const instance = await startPortalInstance();
    try {
      await portal.signInDirectly();
      const response = await page.request.get(
        `${instance.url}/reservations/list?guest=Jane%20Traveller`,
      );
      expect(response.status()).toBe(200);
      const lineOf = () =>
        instance
          .output()
          .split("\n")
          .find((line) => line.includes('"path":"/reservations/list"'));
      await expect.poll(lineOf).toBeTruthy();
      expect(instance.output()).not.toContain("Traveller");
      expect(instance.output()).not.toContain("guest=");
    } finally {
      await instance.kill();
    }
  });
});

test.describe("a form posted from another site", () => {
  const LANGUAGES = [
    { language: "en", query: "", says: "Not sent from this portal" },
    { language: "fa", query: "?lng=fa", says: "از این پورتال ارسال نشده است" },
  ] as const;

  for (const { language, query, says } of LANGUAGES) {
    test(`gets a translated 403 and changes nothing (${language})`, async ({
      portal,
      page,
      sandbox,
    }) => {
      await portal.signInDirectly();
      const target = `${workerServers().portalUrl}/changePassword${query}`;
      await page.route("http://evil.example/**", (route) =>
        route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><form method="post" action="${target}">
            <input name="currentPassword" value="Demo1234">
            <input name="newPassword" value="Hacked2026">
            <input name="confirmPassword" value="Hacked2026">
            <button>Claim your prize</button></form>`,
        }),
      );
      await page.goto("http://evil.example/");
      const callsBefore = (await sandbox.calls()).length;
      const answer = page.waitForResponse(target);
      await page.getByRole("button", { name: "Claim your prize" }).click();
      expect((await answer).status()).toBe(403);
      await expect(page.getByRole("heading", { name: says })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      expect((await sandbox.calls()).length, "calls to the provider").toBe(callsBefore);
      const demo = (await sandbox.state()).users.find((user) => user.userName === "demo");
      expect(demo?.password).toBe("Demo1234");
      await expectNoScriptRan(portal);
    });
  }
});

/** The refusal page runs nothing: no script of the portal's was even asked for. */
async function expectNoScriptRan(portal: Portal) {
  expect(await portal.page.locator("script").count()).toBe(0);
}
