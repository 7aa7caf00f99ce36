import { expect, securityTokenIn, test } from "./fixtures";
import { dayFromToday, wizardSteps } from "#tests/pages";
import { PNG, receiptFields } from "./journeys";

/**
 * Every action reads its body through one helper (app/utils/forms/form-data.server.ts): a form without
 * its security token (CSRF) goes back to its page, a body no form sends answers 415, a broken one
 * 400, each with a translated message, never a 500. A new action joins this table with one line.
 */
const ACTION_ROUTES = [
  "/auth/login",
  "/auth/register",
  "/auth/logout",
  "/changePassword",
  "/account/verify-email",
  "/settings/language",
  "/settings/sidebar",
  "/dashboard/packages/2/price-list",
  "/reservations/new?index",
  "/reservations/new/hotel",
  "/reservations/new/rooms",
  "/reservations/new/flights",
  "/reservations/new/review",
  "/reservations/reservation-details/7001",
  "/reservations/modify-date-reservation/7001",
  "/reservations/modify-room-reservation/7001",
  "/reservations/modify-flight-reservation/7001",
  "/orders/order-details/3001",
  "/orders/order-details/3001/receipt",
  "/orders/order-details/3001/tickets/15001",
];

const MALFORMED_BODIES: Array<{
  kind: string;
  headers: Record<string, string>;
  data: string;
  status: number;
  message: string;
}> = [
  {
    kind: "a JSON body",
    headers: { "Content-Type": "application/json" },
    data: JSON.stringify({ currentPassword: "Demo1234" }),
    status: 415,
    message: "This page only accepts its own forms",
  },
  {
    kind: "a broken multipart body",
    headers: { "Content-Type": "multipart/form-data; boundary=----portal" },
    data: '------portal\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nabc\r\n--garbage',
    status: 400,
    message: "The form could not be read",
  },
  {
    kind: "no body type at all",
    headers: {},
    data: "just some text",
    status: 415,
    message: "This page only accepts its own forms",
  },
];

/** Pages with nothing to send: a post to them is refused as such, never an error of the server. */
const PAGES_WITHOUT_FORMS = [
  "/reservations/reservation-details/7001/print",
  "/reservations/reservation-details/7013/voucher",
];

/** The receipt form sends a file, so it is multipart; every other form is URL-encoded. */
const MULTIPART_ROUTES = new Set(["/orders/order-details/3001/receipt"]);

test.describe("malformed request bodies", () => {
  // These are requests, not pages: one run is enough.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "no browser involved");

  test("every action refuses a missing or a wrong security token and asks the provider nothing", async ({
    portal,
    page,
    sandbox,
    baseURL,
  }) => {
    await portal.signInDirectly();
    const callsBefore = (await sandbox.calls()).length;
    const from = "/payments";
    for (const route of ACTION_ROUTES) {
      for (const token of [null, "forged-token"]) {
        const fields = { ...(token ? { csrf: token } : {}), note: "sent from elsewhere" };
        const response = await page.request.post(route, {
          ...(MULTIPART_ROUTES.has(route)
            ? {
                multipart: {
                  ...fields,
                  receipt: { name: "r.png", mimeType: "image/png", buffer: Buffer.from("x") },
                },
              }
            : { form: fields }),
          headers: { Referer: new URL(from, baseURL).href },
          maxRedirects: 0,
        });
        const what = `${token ? "a wrong" : "no"} token to ${route}`;
        // Back to the page the form was on, with the translated "send it again" message.
        expect(response.status(), what).toBe(302);
        expect(response.headers()["location"], what).toBe(from);
        expect(response.headers()["set-cookie"], what).toContain("__Host-toast=");
      }
    }
    expect((await sandbox.calls()).length, "calls to the provider").toBe(callsBefore);
    // Nothing changed: still signed in (sign-out included), in English, the menu as it was.
    await portal.visit("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("side-menu")).toHaveAttribute("data-mode", "full");
  });

  test("every action answers 4xx with a translated message, and the session survives", async ({
    portal,
    page,
  }) => {
    await portal.signInDirectly();
    for (const route of ACTION_ROUTES) {
      for (const body of MALFORMED_BODIES) {
        const response = await page.request.post(route, {
          headers: body.headers,
          data: body.data,
          maxRedirects: 0,
        });
        expect(response.status(), `${body.kind} to ${route}`).toBe(body.status);
        expect(await response.text(), `${body.kind} to ${route}`).toContain(body.message);
      }
    }
    // Nothing was done: still signed in, logout included.
    await portal.visit("/changePassword");
    await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  });

  test("a page without a form answers a post with 405, and nothing is asked of the provider", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signInDirectly();
    const callsBefore = (await sandbox.calls()).length;
    for (const route of PAGES_WITHOUT_FORMS) {
      for (const body of MALFORMED_BODIES) {
        const response = await page.request.post(route, {
          headers: body.headers,
          data: body.data,
          maxRedirects: 0,
        });
        expect(response.status(), `${body.kind} to ${route}`).toBe(405);
      }
    }
    expect((await sandbox.calls()).length, "calls to the provider").toBe(callsBefore);
  });

  test("the message is in the user's language", async ({ portal, page }) => {
    await portal.signIn();
    await portal.switchLanguage("فارسی");
    const response = await page.request.post("/changePassword", {
      headers: { "Content-Type": "application/json" },
      data: "{}",
    });
    expect(response.status()).toBe(415);
    expect(await response.text()).toContain("این صفحه فقط فرم‌های خودش را می‌پذیرد");
  });

  test("a post from another site changes nothing, even with the form's own token", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signIn();
    // The session's cookie and a valid security token: only the Origin check is left to refuse it.
    const csrf = await portal.securityTokenOf("/changePassword");
    expect(csrf).not.toBe("");
    const response = await page.request.post("/changePassword", {
      headers: { Origin: "https://evil.example" },
      form: {
        csrf,
        currentPassword: "Demo1234",
        newPassword: "Hacked2026",
        confirmPassword: "Hacked2026",
      },
      maxRedirects: 0,
    });
    // The portal's server refuses it before Remix runs (decision 023).
    expect(response.status()).toBe(403);
    const demo = (await sandbox.state()).users.find((user) => user.userName === "demo");
    expect(demo?.password).toBe("Demo1234");
  });

  test("a wizard step's Continue sent to the router's address from another site, or without its token, brings no step and saves none", async ({
    portal,
    page,
  }) => {
    // The hydrated page's post (`enhanced`, to the router's `.data` address) is answered with the
    // next step's data (decision 044): the same checks guard it as the page's post.
    await portal.signInDirectly();
    const [hotel, rooms] = wizardSteps();
    const continued = { ...hotel.moveOn, enhanced: "1" };
    const csrf = await portal.securityTokenOf(hotel.path);
    const forged = {
      // Refused before Remix runs.
      "from another site": {
        headers: { Origin: "https://evil.example" },
        form: { csrf, ...continued },
        status: 403,
      },
      // Sent back to the form (single fetch answers a redirect with 202).
      "without its token": { headers: {}, form: continued, status: 202 },
    };
    for (const [name, { headers, form, status }] of Object.entries(forged)) {
      const response = await page.request.post(`${hotel.path}.data`, {
        headers,
        form,
        maxRedirects: 0,
      });
      expect(response.status(), name).toBe(status);
      expect(await response.text(), name).not.toContain("Marina Pearl Resort");
      // The rooms step is still closed: the hotel was not saved.
      const closed = await page.request.get(rooms.path, { maxRedirects: 0 });
      expect(closed.headers().location, name).toBe(hotel.path);
    }
    // The same post with its token, from the portal's own page: the rooms step comes with it.
    const sent = await page.request.post(`${hotel.path}.data`, {
      form: { csrf, ...continued },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(200);
    expect(await sent.text()).toContain("Marina Pearl Resort");
  });

  test("a submit, a change or a receipt sent to the router's address from another site, or without its token, sends nothing and brings no page", async ({
    portal,
    page,
    sandbox,
  }) => {
    // With JS the review's submit and a change are answered with the requests list, a receipt
    // with its order (decision 044): the same checks guard them as the page's post.
    await portal.signInDirectly();
    const steps = wizardSteps();
    for (const { path, moveOn } of steps.slice(0, -1))
      expect((await portal.sendForm(path, moveOn!)).status(), path).toBe(302);
    const review = await (await page.request.get(steps.at(-1)!.path)).text();
    const hiddenValue = (name: string) =>
      new RegExp(`name="${name}" value="([^"]*)"`).exec(review)?.[1] ?? "";
    expect(hiddenValue("submitKey")).not.toBe("");
    const dates = "/reservations/modify-date-reservation/7001";
    const receipt = "/orders/order-details/3002/receipt";
    const posts: Array<{
      path: string;
      csrf: string;
      fields: Record<string, string>;
      file?: { name: string; mimeType: string; buffer: Buffer };
      brings: string;
    }> = [
      {
        path: `${steps.at(-1)!.path}.data`,
        csrf: securityTokenIn(review),
        fields: {
          submitKey: hiddenValue("submitKey"),
          reviewedFinal: hiddenValue("reviewedFinal"),
        },
        brings: "/reservations/list",
      },
      {
        path: `${dates}.data`,
        csrf: await portal.securityTokenOf(dates),
        fields: { checkIn: dayFromToday(40), checkOut: dayFromToday(43) },
        brings: "/reservations/list",
      },
      {
        path: `${receipt}.data`,
        csrf: await portal.securityTokenOf(receipt),
        fields: receiptFields({ receiptNumber: "RC-FORGED-1" }),
        file: { name: "receipt.png", mimeType: "image/png", buffer: PNG },
        brings: "/orders/order-details/3002#payments",
      },
    ];
    const send = (
      { path, fields, file }: (typeof posts)[number],
      extra: Record<string, string>,
      headers: Record<string, string> = {},
    ) => {
      const body = { ...fields, ...extra, enhanced: "1" };
      return page.request.post(path, {
        headers,
        ...(file ? { multipart: { ...body, receipt: file } } : { form: body }),
        maxRedirects: 0,
      });
    };
    const before = await sandbox.state();
    const stay = before.requests.find((request) => request.id === 7001)!;
    for (const post of posts) {
      // Refused before Remix runs; sent back to the form (single fetch answers a redirect with 202).
      const fromElsewhere = await send(
        post,
        { csrf: post.csrf },
        { Origin: "https://evil.example" },
      );
      const withoutToken = await send(post, {});
      for (const [name, response, status] of [
        ["from another site", fromElsewhere, 403],
        ["without its token", withoutToken, 202],
      ] as const) {
        expect(response.status(), `${post.path}, ${name}`).toBe(status);
        expect(await response.text(), `${post.path}, ${name}`).not.toContain(post.brings);
      }
    }
    // Nothing reached the provider: no new request or payment, the stay as it was.
    const after = await sandbox.state();
    expect(after.requests.length).toBe(before.requests.length);
    expect(after.payments.length).toBe(before.payments.length);
    expect(after.requests.find((request) => request.id === 7001)).toMatchObject({
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
    });
    // The same posts with their tokens, from the portal's own pages: each brings its page.
    for (const post of posts) {
      const sent = await send(post, { csrf: post.csrf });
      expect(sent.status(), post.path).toBe(200);
      expect(await sent.text(), post.path).toContain(post.brings);
    }
    const sent = await sandbox.state();
    expect(sent.requests.length).toBe(before.requests.length + 1);
    expect(sent.payments.map((payment) => payment.receiptNumber)).toContain("RC-FORGED-1");
  });
});
