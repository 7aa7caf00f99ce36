import type { Browser } from "@playwright/test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_USER, OTHER_AGENCY_USER } from "#sandbox/seed";
import {
  browserAt,
  expect,
  securityTokenIn,
  SESSION_COOKIE,
  startPortalInstance,
  test,
} from "./fixtures";
import { submitReceipt } from "./journeys";
import { workerServers } from "./servers";

/** Another browser of the clerk's, signed in through the form as `userName` (the demo password). */
async function signedInElsewhere(browser: Browser, javaScriptEnabled: boolean, userName: string) {
  const elsewhere = await browser.newContext({ javaScriptEnabled });
  const other = await elsewhere.newPage();
  await other.goto(`${workerServers().portalUrl}/auth/login`);
  await other.getByLabel("Username").fill(userName);
  await other.getByLabel("Password").fill(DEMO_USER.password);
  await other.getByRole("button", { name: "Sign in" }).click();
  await other.waitForURL(/\/dashboard$/);
  return { elsewhere, other };
}

const asLoginForm = (user: { userName: string; password: string }) => ({
  username: user.userName,
  password: user.password,
});

/**
 * Who may do what, tried as a second agency's user or an outsider would: another agency's
 * receipts, a password change and the sessions it ends, guesses at a password, costly actions sent
 * by the dozen, provider files, a sign-in link that cannot be followed, half-sent uploads.
 */

test.describe("another agency's files", () => {
  test("a receipt's file opens from the payments list for its own agency only, and nothing through the banner route", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signIn();
    await submitReceipt(portal, 3002, "RC-PRIVATE-1");
    const receipt = (await sandbox.state()).uploads.at(-1)!.name;
    // Named so nobody can guess it, and never a public file.
    expect(receipt).toMatch(/^receipt-[0-9a-f-]{36}\.png$/);
    const banner = (await sandbox.state()).pictures.find((picture) => picture.groupId === 2)!;
    expect((await page.request.get(`/dashboard/banners/${banner.fileName}`)).status()).toBe(200);
    expect((await page.request.get(`/dashboard/banners/${receipt}`)).status()).toBe(404);
    // A public file the provider serves to anyone, but not a banner: the portal's list decides.
    const notABanner = (await sandbox.state()).pictures.find((picture) => picture.groupId !== 2)!;
    expect((await fetch(`${sandbox.url}/PublicFiles/${notABanner.fileName}`)).status).toBe(200);
    expect((await page.request.get(`/dashboard/banners/${notABanner.fileName}`)).status()).toBe(
      404,
    );

    const own = await page.request.get(`/payments/receipt-files/${receipt}`);
    expect(own.status()).toBe(200);
    expect(own.headers()["content-disposition"]).toMatch(/^attachment; filename="/);
    expect(own.headers()["content-security-policy"]).toContain("sandbox");
    // Names that are paths, not files, are refused before the provider is asked.
    const { length: before } = await sandbox.calls();
    // So are names with a `%` (a provider that decodes twice would read `%2e%2e` as `..`), spaces
    // or letters a receipt's stored name never has.
    for (const path of [
      "..%2F..%2Fetc%2Fpasswd",
      "%2E%2E%2Fsecret.png",
      "a%5Cb.png",
      "%252e%252e%252fsecret.png",
      "receipt%20copy.png",
      "%D8%B1%D8%B3%DB%8C%D8%AF.png",
    ])
      expect((await page.request.get(`/payments/receipt-files/${path}`)).status(), path).toBe(404);
    const asked = (await sandbox.calls()).slice(before);
    expect(asked.filter((call) => call.path.startsWith("/api/UploadPublicFiles"))).toEqual([]);
    // A link followed to a file there is not: a page that says so, with a way back, not a bare body.
    await page.goto("/payments/receipt-files/receipt-00000000-0000-4000-8000-000000000000.png");
    await expect(page.getByRole("heading", { name: "The file could not be opened" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the portal" })).toHaveAttribute(
      "href",
      "/payments",
    );

    await portal.signInDirectly(OTHER_AGENCY_USER);
    // The provider serves a file to its own agency only: the other agency's clerk gets nothing.
    const others = await page.request.get(`/payments/receipt-files/${receipt}`);
    expect(others.status()).toBe(404);
    expect(others.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expect((await page.request.get(`/dashboard/banners/${receipt}`)).status()).toBe(404);
    for (const guess of ["receipt-20005.png", "receipt-20000.png"])
      expect((await page.request.get(`/dashboard/banners/${guess}`)).status()).toBe(404);
  });

  test("a provider's file comes as a download that runs nothing", async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "headers of one answer: one run is enough");
    await portal.signInDirectly();
    const report = await page.request.get("/orders/order-details/3001/accounting-report");
    expect(report.status()).toBe(200);
    expect(report.headers()["content-disposition"]).toMatch(/^attachment; filename="/);
    expect(report.headers()["content-security-policy"]).toContain("sandbox");
    expect(report.headers()["content-type"]).toBe("application/pdf");
  });
});

test.describe("sessions", () => {
  test("a password change signs out the user's other browsers, whatever letter case they signed in with; this one goes on", async ({
    portal,
    page,
    browser,
    javaScriptEnabled,
  }) => {
    // The provider takes the user name in any letter case: the same user.
    const { elsewhere, other } = await signedInElsewhere(
      browser,
      javaScriptEnabled,
      DEMO_USER.userName.toUpperCase(),
    );
    try {
      await portal.signIn();
      await portal.visit("/changePassword");
      await page.getByLabel("Current password").fill(DEMO_USER.password);
      await page.getByLabel("New password", { exact: true }).fill("Better2026x");
      await page.getByLabel("Repeat the new password").fill("Better2026x");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Your password was changed")).toBeVisible();
      await portal.visit("/reservations/list");
      await expect(page.getByRole("heading", { name: "Requests", level: 1 })).toBeVisible();

      await other.goto(`${workerServers().portalUrl}/reservations/list`);
      await other.waitForURL(/\/auth\/login/);
    } finally {
      await elsewhere.close();
    }
  });

  test("an outsider's failed sign-ins at the user name never block the clerk's password change; a session that guesses at the current one ends at the third", async ({
    portal,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "requests, not pages: one run is enough");
    await portal.signInDirectly();
    // Someone who knows the user name, from many addresses: new browsers are kept out.
    const outsiders = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        browserAt(browser, baseURL!, `203.0.113.${index + 1}`),
      ),
    );
    const tries = [];
    for (const outsider of outsiders)
      tries.push(await outsider.signIn({ ...DEMO_USER, password: "Wrong123x" }));
    expect(tries.at(-1)).toBe(429);
    await Promise.all(outsiders.map((outsider) => outsider.close()));

    const change = (current: string, next = "Better2026x") =>
      portal.sendForm("/changePassword", {
        currentPassword: current,
        newPassword: next,
        confirmPassword: next,
      });
    // The signed-in clerk, with the right current password: changed.
    expect((await change(DEMO_USER.password)).status()).toBe(302);
    // The session it goes on in may mistype twice; the third wrong password signs it out.
    for (let guess = 0; guess < 2; guess++) {
      const wrong = await change(`Guess${guess}Guess`);
      expect(wrong.status()).toBe(400);
      expect(await wrong.text()).toContain("The current password is incorrect.");
    }
    const third = await change("Guess2Guess");
    expect(third.status()).toBe(302);
    expect(third.headers()["location"]).toBe("/auth/login");
    await portal.visit("/dashboard");
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByTestId("snackbar")).toContainText(
      "the current password was wrong three times",
    );
  });

  test("whoever holds the password cannot freeze it: fifteen wrong current passwords from his sessions end them, and the clerk's own change then goes through", async ({
    portal,
    browser,
    baseURL,
    sandbox,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "requests, not pages: one run is enough");
    await portal.signInDirectly();
    // His browser, a known device of the user: he signs in again after each session ends.
    const his = await browser.newContext({
      baseURL: baseURL!,
      extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.70" },
    });
    const tokenOf = async (path: string) =>
      securityTokenIn(await (await his.request.get(path)).text());
    const statuses: number[] = [];
    try {
      for (let session = 0; session < 5; session++) {
        const signIn = await his.request.post("/auth/login", {
          form: { csrf: await tokenOf("/auth/login"), ...asLoginForm(DEMO_USER) },
          maxRedirects: 0,
        });
        expect(signIn.status(), `his sign-in ${session + 1}`).toBe(302);
        for (let guess = 0; guess < 3; guess++)
          statuses.push(
            (
              await his.request.post("/changePassword", {
                form: {
                  csrf: await tokenOf("/changePassword"),
                  currentPassword: `Guess${session}${guess}x`,
                  newPassword: "Hijacked2026",
                  confirmPassword: "Hijacked2026",
                },
                maxRedirects: 0,
              })
            ).status(),
          );
      }
    } finally {
      await his.close();
    }
    // Each of his sessions: two refusals, then signed out.
    expect(statuses).toEqual(Array(5).fill([400, 400, 302]).flat());
    const changed = await portal.sendForm("/changePassword", {
      currentPassword: DEMO_USER.password,
      newPassword: "Better2026z",
      confirmPassword: "Better2026z",
    });
    expect(changed.status()).toBe(302);
    expect(changed.headers()["location"]).toBe("/dashboard");
    expect((await sandbox.state()).users.find((user) => user.userName === "demo")?.password).toBe(
      "Better2026z",
    );
  });

  test("with the password, twenty fresh browsers do not make the clerk's PC unknown; his own known browser failing is demoted, told so, and hers still signs in", async ({
    // The demo data and the records as seeded: an earlier test changed the password.
    portal: _portal,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "requests, not pages: one run is enough");
    const clerk = await browserAt(browser, baseURL!, "198.51.100.80");
    const fresh = await Promise.all(
      Array.from({ length: 20 }, () => browserAt(browser, baseURL!, "198.51.100.81")),
    );
    try {
      expect(await clerk.signIn(DEMO_USER)).toBe(302);
      // Twenty sign-ins from browsers never seen: five a day become known devices.
      for (const [index, other] of fresh.entries())
        expect(await other.signIn(DEMO_USER), `fresh browser ${index + 1}`).toBe(302);
      // One of his known browsers guesses: ten failures, then it is an unknown browser like any
      // other, whose page says what to do.
      const his = fresh[0];
      const guesses = [];
      for (let guess = 0; guess < 11; guess++)
        guesses.push(await his.signInAnswer({ ...DEMO_USER, password: `Guess${guess}x` }));
      expect(guesses.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(400));
      expect(guesses[10].text).toContain("has failed to sign in many times");
      // Four more from it lock the user name for unknown browsers.
      for (let guess = 0; guess < 4; guess++)
        await his.signInAnswer({ ...DEMO_USER, password: `More${guess}x` });
      expect((await his.signInAnswer(DEMO_USER)).status).toBe(429);
      // The clerk's PC: still known, in.
      expect(await clerk.signIn(DEMO_USER)).toBe(302);
    } finally {
      await Promise.all([clerk, ...fresh].map((one) => one.close()));
    }
  });

  test("sign out everywhere ends every session of the user, this one too", async ({
    portal,
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const { elsewhere, other } = await signedInElsewhere(
      browser,
      javaScriptEnabled,
      DEMO_USER.userName,
    );
    try {
      await portal.signIn();
      await portal.visit("/changePassword");
      await page.getByRole("button", { name: "Sign out everywhere" }).click();
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(page.getByTestId("snackbar")).toContainText(
        "You were signed out in every browser.",
      );
      await portal.visit("/dashboard");
      await expect(page).toHaveURL(/\/auth\/login/);
      await other.goto(`${workerServers().portalUrl}/reservations/list`);
      await other.waitForURL(/\/auth\/login/);
    } finally {
      await elsewhere.close();
    }
  });

  test("after a password change, a browser that signed in before counts as unknown; the one that made the change stays known", async ({
    portal,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "requests, not pages: one run is enough");
    const newPassword = "Better2026y";
    // A browser that once signed in (someone who knew the password): a known device.
    const before = await browserAt(browser, baseURL!, "198.51.100.60");
    expect(await before.signIn(DEMO_USER)).toBe(302);
    await portal.signInDirectly();
    const changed = await portal.sendForm("/changePassword", {
      currentPassword: DEMO_USER.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(changed.status()).toBe(302);
    // Outsiders spend the user name's places: unknown devices are kept out now.
    const outsiders = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        browserAt(browser, baseURL!, `203.0.113.${index + 21}`),
      ),
    );
    for (const outsider of outsiders)
      await outsider.signIn({ ...DEMO_USER, password: "Wrong123x" });
    await Promise.all(outsiders.map((outsider) => outsider.close()));
    // Its cookie minted before the change: kept out like any unknown browser, the right password
    // or not.
    expect(await before.signIn({ ...DEMO_USER, password: newPassword })).toBe(429);
    await before.close();
    // The clerk's browser was given a new device with the change: it signs in.
    await page.context().clearCookies({ name: SESSION_COOKIE });
    await portal.signInDirectly({ ...DEMO_USER, password: newPassword });
  });

  test("every cookie is host-only, Secure and named __Host-: no other host or plain page can plant it", async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "requests, not pages: one run is enough");
    const setCookies = (response: { headersArray(): Array<{ name: string; value: string }> }) =>
      response
        .headersArray()
        .filter(({ name }) => name.toLowerCase() === "set-cookie")
        .map(({ value }) => value);
    const seen = [
      // The form token, then the session, a new token, the device, the language and a message.
      ...setCookies(await page.request.get("/auth/login")),
      ...setCookies(
        await portal.sendForm("/auth/login", {
          username: DEMO_USER.userName,
          password: DEMO_USER.password,
        }),
      ),
      ...setCookies(await portal.sendForm("/settings/language", { language: "fa" }, "/dashboard")),
      ...setCookies(
        await page.request.post("/settings/language", {
          form: { csrf: "forged", language: "en" },
          maxRedirects: 0,
        }),
      ),
    ];
    const names = seen.map((cookie) => cookie.split("=")[0]);
    expect(new Set(names)).toEqual(
      new Set(["__Host-csrf", "__Host-session", "__Host-device", "__Host-lng", "__Host-toast"]),
    );
    for (const cookie of seen) {
      const attributes = cookie.split(";").map((part) => part.trim().toLowerCase());
      expect(attributes, cookie).toEqual(
        expect.arrayContaining(["secure", "path=/", "httponly", "samesite=lax"]),
      );
      expect(
        attributes.some((part) => part.startsWith("domain=")),
        cookie,
      ).toBe(false);
    }
  });

  test("a form token seen before the sign-in is refused after it", async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "requests, not pages: one run is enough");
    // Whoever saw the sign-in page (a shared computer, a planted cookie) knows its token.
    const seenBefore = await portal.securityTokenOf("/auth/login");
    await portal.signInDirectly();
    const switchToPersian = (csrf: string) =>
      page.request.post("/settings/language", {
        form: { csrf, language: "fa", redirectTo: "/dashboard" },
        maxRedirects: 0,
      });
    const dashboardLanguage = async () =>
      /<html lang="(\w+)"/.exec(await (await page.request.get("/dashboard")).text())?.[1];
    // Refused: sent back with "send the form again", the language unchanged.
    expect((await switchToPersian(seenBefore)).status()).toBe(302);
    expect(await dashboardLanguage()).toBe("en");
    const current = await portal.securityTokenOf("/dashboard");
    expect(current).not.toBe(seenBefore);
    expect((await switchToPersian(current)).status()).toBe(302);
    expect(await dashboardLanguage()).toBe("fa");
  });

  test("a sign-in link whose target no header can hold leads to the dashboard", async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "requests, not pages: one run is enough");
    const csrf = await portal.securityTokenOf("/auth/login?redirectTo=%2F%E2%80%A8x");
    const answer = await page.request.post("/auth/login?redirectTo=%2F%E2%80%A8x", {
      form: {
        csrf,
        username: DEMO_USER.userName,
        password: DEMO_USER.password,
        redirectTo: "/\u2028x",
      },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toBe("/dashboard");
  });
});

test.describe("throttles an outsider cannot turn against users", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "requests, not pages: one run is enough");

  test("guesses at a user from elsewhere lock unknown devices out of it after five, never the user's own browser", async ({
    // Its records emptied first (earlier tests' failures gone), though only other browsers are used.
    portal: _portal,
    baseURL,
    browser,
  }) => {
    // The agency's clerk signed in at her office once: her browser is a known device.
    const clerk = await browserAt(browser, baseURL!, "198.51.100.20");
    const attacker = await browserAt(browser, baseURL!, "203.0.113.66");
    const stranger = await browserAt(browser, baseURL!, "198.51.100.21");
    try {
      expect(await clerk.signIn(OTHER_AGENCY_USER)).toBe(302);
      const guesses: number[] = [];
      for (let guess = 0; guess < 5; guess++)
        guesses.push(
          await attacker.signIn({
            userName: OTHER_AGENCY_USER.userName,
            password: `Wrong${guess}x`,
          }),
        );
      expect(guesses).toEqual([400, 400, 400, 400, 400]);
      // No more guesses at it from any device it does not know, the right password included.
      expect(await attacker.signIn(OTHER_AGENCY_USER)).toBe(429);
      expect(await stranger.signIn(OTHER_AGENCY_USER)).toBe(429);
      // Her typo on her own browser, then her password: in.
      expect(
        await clerk.signIn({ userName: OTHER_AGENCY_USER.userName, password: "Typo2026x" }),
      ).toBe(400);
      expect(await clerk.signIn(OTHER_AGENCY_USER)).toBe(302);
    } finally {
      await Promise.all([clerk.close(), attacker.close(), stranger.close()]);
    }
  });

  test("an office of ten clerks behind one address, ten typos between them: every clerk signs in, and a new one too", async ({
    // Its records emptied first (earlier tests' failures gone), though only other browsers are used.
    portal: _portal,
    baseURL,
    browser,
  }) => {
    // Two agencies' clerks share the building's address; each PC signed in before.
    const users = [DEMO_USER, OTHER_AGENCY_USER];
    const clerks = await Promise.all(
      Array.from({ length: 10 }, () => browserAt(browser, baseURL!, "198.51.100.30")),
    );
    const newcomer = await browserAt(browser, baseURL!, "198.51.100.30");
    try {
      for (const [index, clerk] of clerks.entries())
        expect(await clerk.signIn(users[index % 2])).toBe(302);
      for (const [index, clerk] of clerks.entries())
        expect(
          await clerk.signIn({ userName: users[index % 2].userName, password: `Typo${index}x` }),
        ).toBe(400);
      for (const [index, clerk] of clerks.entries())
        expect(await clerk.signIn(users[index % 2]), `clerk ${index}`).toBe(302);
      expect(await newcomer.signIn(DEMO_USER)).toBe(302);
    } finally {
      await Promise.all([...clerks, newcomer].map((clerk) => clerk.close()));
    }
  });

  test("with the portal's budget of failures spent, a new browser that failed is slowed, not refused, and a known device signs in as before", async ({
    // Its records emptied first (earlier tests' failures gone), though only other browsers are used.
    portal: _portal,
    portalWithSmallSignInBudgetUrl,
    browser,
  }) => {
    const clerk = await browserAt(browser, portalWithSmallSignInBudgetUrl, "198.51.100.50");
    const crowd = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        browserAt(browser, portalWithSmallSignInBudgetUrl, `203.0.113.${100 + index}`),
      ),
    );
    // Another browser at the clerk's own address (a shared line), which fails once.
    const neighbour = await browserAt(browser, portalWithSmallSignInBudgetUrl, "198.51.100.50");
    try {
      expect(await clerk.signIn(DEMO_USER)).toBe(302);
      expect(await neighbour.signIn({ userName: "nobody1", password: "Wrong1234" })).toBe(400);
      // Twenty failures from twenty addresses, each at a name of its own: the budget (20) is spent.
      const failures = await Promise.all(
        crowd.map((guesser, index) =>
          guesser.signIn({ userName: `guess${index}`, password: "Wrong1234" }),
        ),
      );
      expect(failures).toEqual(Array(20).fill(400));
      // The neighbour's right password: in, after a wait (sign-in-throttle.server.test.ts times it).
      expect(await neighbour.signIn(DEMO_USER)).toBe(302);
      // The clerk's browser, known, signs in as before.
      expect(await clerk.signIn(DEMO_USER)).toBe(302);
    } finally {
      await Promise.all([clerk, neighbour, ...crowd].map((browser) => browser.close()));
    }
  });

  test("forty notes sent at once: a person's share goes through, the rest get a translated 429 with the text kept", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signInDirectly();
    const csrf = await portal.securityTokenOf("/reservations/reservation-details/7001");
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        page.request.post("/reservations/reservation-details/7001", {
          form: { csrf, intent: "note", content: `Note number ${index}` },
          maxRedirects: 0,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status());
    expect(statuses.filter((status) => status === 302)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const refused = answers.find((answer) => answer.status() === 429)!;
    const text = await refused.text();
    expect(text).toContain("You have sent this many times in a short while");
    expect(text).toMatch(/Note number \d+/);
    const sent = (await sandbox.calls()).filter(
      (call) => call.method === "PUT" && call.model === "CreateReserveNoteData",
    );
    expect(sent).toHaveLength(30);
  });
});

test.describe("costly lookups and mails", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "requests, not pages: one run is enough");

  test("the agency's e-mail can be changed five times an hour: each change mails the address typed", async ({
    portal,
    page,
    sandbox,
  }) => {
    // Counted in windows of an hour: a run that spans the end of one is made again by another user.
    const windowOf = () => Math.floor(Date.now() / (60 * 60_000));
    for (const user of [DEMO_USER, OTHER_AGENCY_USER]) {
      await portal.signInDirectly(user);
      const before = (await sandbox.calls()).length;
      const startedIn = windowOf();
      const csrf = await portal.securityTokenOf("/account/verify-email");
      const statuses: number[] = [];
      let refused = "";
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        const answer = await page.request.post("/account/verify-email", {
          form: { csrf, email: `target${attempt}@example.com` },
          maxRedirects: 0,
        });
        statuses.push(answer.status());
        if (answer.status() === 429) refused = await answer.text();
      }
      if (windowOf() !== startedIn) continue;
      expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
      expect(refused).toContain("You have sent this many times in a short while");
      // The address typed stays in the form.
      expect(refused).toContain("target6@example.com");
      const saved = (await sandbox.calls())
        .slice(before)
        .filter((call) => call.method === "PUT" && call.path === "/api/AgencyClient");
      expect(saved).toHaveLength(5);
      return;
    }
    throw new Error("Two windows ended during the test");
  });

  test("lookups of every kind share one limit: past it, no suggestion, place or traveller search costs the services anything", async ({
    portal,
    page,
    sandbox,
  }) => {
    // An instance whose users may make 30 lookups (LOOKUPS_PER_USER; 300 by default): the same
    // count, reached in fewer requests.
    const instance = await startPortalInstance({ LOOKUPS_PER_USER: "30" });
    try {
      // The limit counts in windows of 10 minutes: a run that spans the end of one starts
      // counting again, so it is made again by another user (whose count is still whole).
      const windowOf = () => Math.floor(Date.now() / (10 * 60_000));
      const routes = [
        "/reservations/airports",
        "/reservations/airlines",
        "/reservations/locations",
        "/reservations/travellers",
      ];
      const isLookup = (call: { path: string; answerModel?: string | null }) =>
        /^\/(geo|airline-service)\//.test(call.path) ||
        call.answerModel === "ReserveRequestTravellers";
      for (const user of [DEMO_USER, OTHER_AGENCY_USER]) {
        await portal.signInDirectly(user);
        const before = (await sandbox.calls()).length;
        const startedIn = windowOf();
        const lookup = (index: number) =>
          page.request.get(
            `${instance.url}${routes[index % 4]}?q=${encodeURIComponent(`Du${index}`)}`,
          );
        // The user's share, ten at a time, airports, airlines, places and travellers in turn.
        for (let batch = 0; batch < 3; batch += 1) {
          const answers = await Promise.all(
            Array.from({ length: 10 }, (_, index) => lookup(batch * 10 + index)),
          );
          expect(answers.map((answer) => answer.status())).toEqual(Array(10).fill(200));
        }
        const past = await Promise.all([32, 33, 34, 35].map(lookup));
        // The hotel step's search by place, sent as a form without JS would: the hotels still
        // listed by the text alone.
        const search = await page.request.get(
          `${instance.url}/reservations/new/hotel?location=Antalya`,
        );
        if (windowOf() !== startedIn) continue;
        expect(past.map((answer) => answer.status())).toEqual([429, 429, 429, 429]);
        expect(await past[2].json()).toEqual({ items: [] });
        expect(await past[3].json()).toEqual({
          items: [],
          message: expect.stringMatching(/Wait \d+ minutes?, then search again/),
        });
        expect(search.status()).toBe(200);
        expect(await search.text()).toContain("Antalya");
        const asked = (await sandbox.calls()).slice(before).filter(isLookup);
        expect(asked).toHaveLength(30);
        return;
      }
      throw new Error("Two windows ended during the test");
    } finally {
      await instance.kill();
    }
  });
});

test.describe("uploads", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "requests, not pages: one run is enough");

  test("an upload cut off halfway leaves nothing on disk", async ({ portal }) => {
    const folder = mkdtempSync(join(tmpdir(), "portal-e2e-tmp-"));
    const instance = await startPortalInstance({ TMPDIR: folder });
    try {
      await portal.signInDirectly();
      const receiptPage = `${instance.url}/orders/order-details/3002/receipt`;
      const csrf = await portal.securityTokenOf(receiptPage);
      const cookie = await portal.cookieHeader();
      const head =
        `--cut\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n` +
        '--cut\r\nContent-Disposition: form-data; name="receipt"; filename="r.png"\r\n' +
        "Content-Type: image/png\r\n\r\n";
      const { port } = new URL(instance.url);
      const socket = connect(Number(port), "127.0.0.1");
      await new Promise((done) => socket.once("connect", done));
      socket.write(
        `POST /orders/order-details/3002/receipt HTTP/1.1\r\nHost: localhost:${port}\r\n` +
          `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=cut\r\n` +
          `Content-Length: ${2 * 1024 * 1024}\r\n\r\n${head}`,
      );
      socket.write(Buffer.alloc(512 * 1024));
      // The file is being written: an upload folder of its own, then the sender goes away.
      await expect.poll(() => readdirSync(folder).length).toBe(1);
      socket.destroy();
      await expect.poll(() => readdirSync(folder)).toEqual([]);
    } finally {
      await instance.kill();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
