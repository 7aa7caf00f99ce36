import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { PUBLIC_PAGES, SIGNED_IN_PAGE_GROUPS } from "#tests/pages";
import { expect, startPortalInstance, test, type Portal } from "./fixtures";
import { PNG, receiptFields } from "./journeys";
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

/**
 * Posts `totalBytes` (`head`, then filler) in 64 KB pieces as fast as the server takes them,
 * declared (`Content-Length`) or chunked, over a socket of its own; resolves with the answer's
 * status and how much was sent, once the server has answered, which may be long before the body is
 * all sent (then the rest never is) or after it.
 */
function streamPost(
  url: string,
  {
    headers,
    head = "",
    totalBytes,
    chunked = false,
  }: { headers: Record<string, string>; head?: string; totalBytes: number; chunked?: boolean },
) {
  const { hostname, port, pathname } = new URL(url);
  return new Promise<{ status: number; answer: string; sentBytes: number }>((resolve) => {
    let sentBytes = 0;
    let answer = "";
    const done = () => {
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), answer, sentBytes });
    };
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    socket.setEncoding("utf8");
    socket.on("data", (text: string) => {
      answer += text;
      // The head of the answer is in: the rest of the body is not the server's concern.
      if (answer.includes("\r\n\r\n")) done();
    });
    // The server closed the connection on a body it would not read: what it said is in `answer`.
    socket.on("error", done);
    socket.on("close", done);
    const lines = [
      `POST ${pathname} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${totalBytes}`,
    ];
    const frame = (data: Buffer | string) =>
      chunked ? `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n` : data;
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head) {
      socket.write(frame(head));
      sentBytes += head.length;
    }
    const piece = Buffer.alloc(64 * 1024, "a=1&").toString();
    const writeOn = () => {
      while (!answer && !socket.destroyed && sentBytes < totalBytes) {
        const chunk = piece.slice(0, Math.min(piece.length, totalBytes - sentBytes));
        sentBytes += chunk.length;
        if (!socket.write(frame(chunk))) return void socket.once("drain", writeOn);
      }
      if (!answer && !socket.destroyed && chunked) socket.write("0\r\n\r\n");
    };
    writeOn();
  });
}

test.describe("limits before a body is read", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "HTTP alone: one run is enough");

  test("200 MB sent to the sign-in and the receipt action: 413 at once, memory untouched", async ({
    portal,
  }) => {
    // A small young generation and one malloc arena: garbage is collected, and freed buffers
    // reused, within a megabyte or two instead of letting the resident size wander by tens, so
    // what the process holds on to is what is measured.
    const instance = await startPortalInstance({
      NODE_OPTIONS: "--max-semi-space-size=1",
      MALLOC_ARENA_MAX: "1",
    });
    try {
      await portal.signInDirectly();
      const cookie = await portal.cookieHeader();
      const form = { "Content-Type": "application/x-www-form-urlencoded" };
      const receipt = `${instance.url}/orders/order-details/3001/receipt`;
      const multipart = { "Content-Type": "multipart/form-data; boundary=portal", Cookie: cookie };
      // A file, declared too large; and a text field that never ends, sent without a length.
      const filePart =
        '--portal\r\nContent-Disposition: form-data; name="receipt"; filename="r.png"\r\n' +
        "Content-Type: image/png\r\n\r\n";
      const endlessText = '--portal\r\nContent-Disposition: form-data; name="description"\r\n\r\n';
      const attacks = (totalBytes: number) => [
        () => streamPost(`${instance.url}/auth/login`, { headers: form, totalBytes }),
        () =>
          streamPost(`${instance.url}/auth/login`, { headers: form, totalBytes, chunked: true }),
        () => streamPost(receipt, { headers: multipart, head: filePart, totalBytes }),
        () =>
          streamPost(receipt, { headers: multipart, head: endlessText, totalBytes, chunked: true }),
      ];
      // The first refusals load and compile what every later one uses, and grow the heap to its
      // working size: measured from after three rounds of them, with bodies of 30 MB (over the
      // receipt's 25 MiB: a smaller file is read and dropped, and the form answers).
      for (let round = 0; round < 3; round += 1)
        for (const attack of attacks(30 * MB)) expect((await attack()).status).toBe(413);
      const before = residentBytes(instance.pid);
      const answers: Array<Awaited<ReturnType<typeof streamPost>>> = [];
      for (const attack of attacks(200 * MB)) answers.push(await attack());
      // Refused by its length before the page's own code runs: a page without a form would
      // otherwise answer 405, and the receipt page would send a visitor without a session to sign in.
      answers.push(
        await streamPost(`${instance.url}/auth/register-success`, {
          headers: form,
          totalBytes: 200 * MB,
        }),
        await streamPost(receipt, {
          headers: { "Content-Type": multipart["Content-Type"] },
          totalBytes: 200 * MB,
        }),
      );
      for (const answer of answers) {
        expect(answer.status, answer.answer.slice(0, 300)).toBe(413);
        // Neither read nor sent whole: the answer came while the body was still coming.
        expect(answer.sentBytes).toBeLessThan(50 * MB);
      }
      const growth = residentBytes(instance.pid) - before;
      console.log(`memory growth under the 200 MB bodies: ${(growth / MB).toFixed(1)} MB`);
      expect(growth).toBeLessThan(10 * MB);
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
    expect(million.status, million.answer).toBe(413);
    expect(chunked.status, chunked.answer).toBe(413);
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
      // Order 3002 has no payment waiting to be verified: the provider takes a receipt for it.
      const receiptPage = `${instance.url}/orders/order-details/3002/receipt`;
      const csrf = await portal.securityTokenOf(receiptPage);
      const cookie = await portal.cookieHeader();
      const boundary = "slow3g";
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const fields = { csrf, ...receiptFields({ receiptNumber: "RC-SLOW-3G" }) };
      const png = Buffer.concat([PNG, Buffer.alloc(192 * 1024 - PNG.length)]);
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
