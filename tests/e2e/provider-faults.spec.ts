import type { Locator, Page } from "@playwright/test";
import type { Fault } from "#sandbox/faults";
import { DEMO_USER } from "#sandbox/seed";
import { SIGNED_IN_PAGE_GROUPS, wizardSteps } from "#tests/pages";
import dayjs from "dayjs";
import { formatDateInput } from "~/utils/format/date-input";
import {
  expect,
  NO_ANSWER_IN_TIME,
  startPortalInstance,
  test,
  UNAVAILABLE,
  type Portal,
} from "./fixtures";
import { fillReceipt, PNG } from "./journeys";

/**
 * Whatever goes wrong at the provider, every page answers with a translated message inside the
 * layout (or a part of the page that says so), never a stack trace or a blank page, and the portal
 * serves the next request as usual. One table of faults, one of pages, one of actions.
 * Timeouts are tried on a portal instance of their own that waits 1 s for the provider, not 5 s.
 * Each fault is tried on the pages a group at a time, each group a test with its own time.
 */

const FAULTS: Array<{ name: string; fault: Omit<Fault, "path"> }> = [
  { name: "500", fault: { status: 500 } },
  {
    name: "502 with an HTML body",
    fault: { status: 502, body: "<html><body>Bad gateway</body></html>" },
  },
  { name: "malformed JSON", fault: { malformed: true } },
  { name: "a body that breaks the schema", fault: { status: 200, body: { unexpected: true } } },
  { name: "a dropped connection", fault: { drop: true } },
];

const SESSION_ENDED = "Your session has ended. Please sign in again.";
const TYPED = "Typed before the provider failed";
/** The provider calls that change something: what a form's fault fails. */
const CHANGES = ["POST", "PUT", "DELETE"];

/** Fills the receipt form (its page, or the order's dialog); the receipt number must be kept. */
async function fillReceiptForm(page: Page) {
  await fillReceipt({ page }, "RC-FAULT-1");
  await page
    .getByLabel("Receipt file")
    .setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
  return page.getByLabel("Receipt number");
}

/**
 * A form of each kind that sends something to the provider: `fill` types into it and returns the
 * field that must keep what was typed (none where nothing is typed, or for passwords, which are
 * never sent back to a page); `prepare` sets up what the form needs (the wizard's draft). The
 * provider's POST, PUT or DELETE fails; its GETs still answer, so the page around the form can be
 * shown again.
 */
const ACTIONS: Array<{
  name: string;
  path: string;
  submit: string;
  prepare?: (portal: Portal) => Promise<void>;
  /** Opens the form on its page (a dialog). */
  open?: (page: Page) => Promise<void>;
  /** A form only JS shows: without it, another row's page is the same form. */
  withJavaScriptOnly?: boolean;
  fill: (page: Page) => Promise<Locator | null>;
  /** Where a sign-in after a 401 leads, when not back to `path`. */
  returnsTo?: string;
}> = [
  {
    name: "a note",
    path: "/reservations/reservation-details/7003",
    submit: "Send note",
    fill: async (page) => {
      const box = page.getByLabel("New note to the provider");
      await box.fill(TYPED);
      return box;
    },
  },
  {
    name: "a new ticket",
    path: "/orders/order-details/3002",
    submit: "Open the ticket",
    fill: async (page) => {
      await page.getByLabel("Category").selectOption({ label: "Extra Bed Request" });
      await page.getByLabel("Subject").fill("A cot");
      const message = page.getByLabel("Message", { exact: true });
      await message.fill(TYPED);
      return message;
    },
  },
  {
    name: "a ticket reply",
    path: "/orders/order-details/3001/tickets/15001",
    submit: "Send reply",
    fill: async (page) => {
      const message = page.getByLabel("Message", { exact: true });
      await message.fill(TYPED);
      return message;
    },
  },
  {
    name: "a receipt upload",
    path: "/orders/order-details/3002/receipt",
    submit: "Submit receipt",
    fill: fillReceiptForm,
  },
  {
    // What clerks with JS use: a fetcher's form in a dialog, its errors read from the fetcher.
    name: "a receipt sent from the order's dialog",
    path: "/orders/order-details/3002",
    withJavaScriptOnly: true,
    open: async (page) => {
      await page.getByRole("link", { name: "Submit a receipt" }).click();
      await expect(page.getByTestId("receipt-dialog")).toBeVisible();
    },
    submit: "Submit receipt",
    fill: fillReceiptForm,
    // The dialog's form posts to the receipt page: after the sign-in, that form, as a page.
    returnsTo: "/orders/order-details/3002/receipt",
  },
  {
    name: "a change of dates",
    path: "/reservations/modify-date-reservation/7001",
    submit: "Submit the change",
    fill: async (page) => {
      const checkOut = page.getByLabel("Check-out date");
      const later = dayjs((await checkOut.inputValue()).replaceAll("/", "-")).add(1, "day");
      await checkOut.fill(formatDateInput(later.format("YYYY-MM-DD"), "en"));
      return checkOut;
    },
  },
  {
    name: "a change of rooms",
    path: "/reservations/modify-room-reservation/7001",
    submit: "Submit the change",
    fill: async (page) => {
      const firstName = page.getByLabel("First name").first();
      await firstName.fill("Roya");
      return firstName;
    },
  },
  {
    name: "a change of flights",
    path: "/reservations/modify-flight-reservation/7001",
    submit: "Submit the change",
    fill: async (page) => {
      const number = page.getByLabel("Flight number").first();
      await number.fill("IR999");
      return number;
    },
  },
  {
    name: "a delete",
    path: "/reservations/reservation-details/7001?confirm=delete",
    submit: "Yes, delete it",
    fill: async () => null,
  },
  {
    name: "the wizard's submit",
    path: "/reservations/new/review",
    submit: "Submit request",
    prepare: async (portal) => {
      for (const { path, moveOn } of wizardSteps().slice(0, -1))
        expect((await portal.sendForm(path, moveOn!)).status(), path).toBe(302);
    },
    fill: async () => null,
    // The draft belongs to the session that ended: the new one is asked to continue it first.
    returnsTo: "/reservations/new",
  },
  {
    name: "the e-mail to verify",
    path: "/account/verify-email",
    submit: "Save and send confirmation",
    fill: async (page) => {
      const email = page.getByLabel("Email", { exact: true });
      await email.fill("bookings@parsian-travel.example");
      return email;
    },
  },
  {
    name: "a password change",
    path: "/changePassword",
    submit: "Change password",
    fill: async (page) => {
      await page.getByLabel("New password", { exact: true }).fill("Better2026");
      await page.getByLabel("Repeat the new password").fill("Better2026");
      await page.getByLabel("Current password").fill("Demo1234");
      return null;
    },
  },
];

/** The page whose loader needs nothing from the provider: the menu's profile only decorates it. */
const PAGE_WITHOUT_PROVIDER_DATA = { path: "/changePassword", heading: "Change Password" };

/**
 * A page that can stand without the provider's data degrades and answers 200: the dashboard (each
 * widget says what it could not show) and the page that needs none. Every other page fails whole
 * with 503, which tells a proxy or a monitor the truth.
 */
function statusUnderFault(path: string) {
  return ["/dashboard", PAGE_WITHOUT_PROVIDER_DATA.path].includes(path) ? 200 : 503;
}

/** What every page must show when the provider failed it, and never show. */
async function expectTranslatedFailure(page: Page, path: string) {
  if (path === PAGE_WITHOUT_PROVIDER_DATA.path)
    await expect(
      page.getByRole("heading", { name: PAGE_WITHOUT_PROVIDER_DATA.heading }),
    ).toBeVisible();
  else {
    await expect(page.getByText(UNAVAILABLE).first(), path).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" }).first(), path).toBeVisible();
  }
  const html = await page.content();
  expect(html, path).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  expect(html, path).not.toContain("Bad gateway");
}

/** A 401 ended the session: the sign-in page says so, and signing in leads back to `path`. */
async function expectSignInAndBack(portal: Portal, path: string, what: string) {
  const { page } = portal;
  await page.waitForURL((url) => url.pathname === "/auth/login", { timeout: 10_000 });
  await expect(page.getByText(SESSION_ENDED), what).toBeVisible();
  await portal.signIn(DEMO_USER, page.url());
  const { pathname, search } = new URL(page.url());
  expect(`${pathname}${search}`, what).toBe(path);
}

test.describe("provider faults", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "server answers: one run is enough");

  // Every page but the public ones, which the sign-in tests fail on their own. Each page meets a
  // 500; the other faults, which the provider client turns into the same error (its unit tests),
  // are met by the first group's pages.
  for (const [index, [group, pages]] of Object.entries(SIGNED_IN_PAGE_GROUPS).entries()) {
    for (const { name, fault } of index === 0 ? FAULTS : FAULTS.slice(0, 1)) {
      test(`every ${group} page survives ${name}`, async ({ portal, page, sandbox }) => {
        await portal.signInDirectly();
        await sandbox.fault({ path: "/api/*", ...fault });
        for (const path of pages) {
          const response = await page.goto(path);
          expect(response!.status(), path).toBe(statusUnderFault(path));
          await expectTranslatedFailure(page, path);
        }
        await sandbox.clearFaults();
        await portal.visit("/reservations/list");
        await expect(page.getByRole("heading", { name: "Requests", level: 1 })).toBeVisible();
      });
    }

    test(`every ${group} page survives a provider that does not answer in time`, async ({
      portal,
      page,
      sandbox,
      impatientPortalUrl,
    }) => {
      await portal.signInDirectly();
      await sandbox.fault({ path: "/api/*", ...NO_ANSWER_IN_TIME });
      for (const path of pages) {
        const response = await page.goto(`${impatientPortalUrl}${path}`);
        expect(response!.status(), path).toBe(statusUnderFault(path));
        await expectTranslatedFailure(page, path);
      }
      await sandbox.clearFaults();
      await page.goto(`${impatientPortalUrl}/reservations/list`);
      await expect(page.getByRole("heading", { name: "Requests", level: 1 })).toBeVisible();
    });

    test(`every ${group} page survives a provider that refuses the connection`, async ({
      portal,
      page,
      portalWithoutProviderUrl,
    }) => {
      await portal.signInDirectly();
      for (const path of pages) {
        const response = await page.goto(`${portalWithoutProviderUrl}${path}`);
        expect(response!.status(), path).toBe(statusUnderFault(path));
        await expectTranslatedFailure(page, path);
      }
    });

    test(`a 401 mid-session on any ${group} page leads to sign-in and back to that page`, async ({
      portal,
      page,
      sandbox,
    }) => {
      await portal.signInDirectly();
      for (const path of pages) {
        await sandbox.expireTokens();
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === "/auth/login", { timeout: 10_000 });
        // The dashboard is where a sign-in lands anyway: its link needs no return path.
        const returnPath = path === "/dashboard" ? null : path;
        expect(new URL(page.url()).searchParams.get("redirectTo"), path).toBe(returnPath);
        await expectSignInAndBack(portal, path, path);
      }
    });
  }
});

/**
 * With JS a move from page to page fetches the next page's data, not a document: a fault met that
 * way must show the same message in the layout, and "Try again" must bring the page back.
 */
test.describe("provider faults met by a move through the menu", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "without JS a move is a document: the page rows above",
  );
  for (const { name, fault } of FAULTS)
    test(`${name} on the next page shows the message in the layout, and Try again recovers`, async ({
      portal,
      page,
      sandbox,
    }) => {
      await portal.signInDirectly();
      await portal.visit("/dashboard");
      // With JS the document stays: a mark set on it now is still there if no page was loaded.
      await page.evaluate(() => document.documentElement.setAttribute("data-first-document", ""));
      await sandbox.fault({ path: "/api/*", ...fault });
      const menu = page.getByRole("navigation", { name: "Main menu" });
      await menu.getByRole("link", { name: "Contracts" }).click();
      await page.waitForURL(/\/orders$/);
      await expectTranslatedFailure(page, "/orders");
      await expect(menu, "the layout around the message").toBeVisible();
      await expect(
        page.locator("html[data-first-document]"),
        "a move without a page load",
      ).toHaveCount(portal.javaScriptEnabled ? 1 : 0);
      await sandbox.clearFaults();
      await page.getByRole("link", { name: "Try again" }).first().click();
      await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    });
});

/** Forms behave differently with JS (fetchers, dialogs): these run in both modes. */
test.describe("provider faults met by a form", () => {
  const ACTION_FAULTS: Array<{ name: string; fault: Omit<Fault, "path" | "method"> }> = [
    { name: "a 500", fault: { status: 500 } },
    { name: "a timeout", fault: NO_ANSWER_IN_TIME },
  ];
  // A timeout ends in the same message as a 500 through the same client (its unit tests): one
  // page's form and the dialog's fetcher meet it.
  const TIMED_OUT_FORMS = ["a note", "a receipt sent from the order's dialog"];
  for (const { name, fault } of ACTION_FAULTS) {
    for (const action of ACTIONS.filter(
      (each) => fault !== NO_ANSWER_IN_TIME || TIMED_OUT_FORMS.includes(each.name),
    )) {
      test(`${action.name} answers ${name} with a message and keeps what was typed`, async ({
        portal,
        page,
        sandbox,
        impatientPortalUrl,
      }) => {
        test.skip(
          Boolean(action.withJavaScriptOnly) && !portal.javaScriptEnabled,
          "a form JS shows; without JS its page is another row's",
        );
        await portal.signInDirectly();
        await action.prepare?.(portal);
        await page.goto(`${impatientPortalUrl}${action.path}`);
        await portal.hydrated();
        await action.open?.(page);
        const kept = await action.fill(page);
        const typed = await kept?.inputValue();
        for (const method of CHANGES) await sandbox.fault({ path: "/api/*", method, ...fault });
        await page.getByRole("button", { name: action.submit }).click();
        await expect(page.getByText(UNAVAILABLE).first(), action.name).toBeVisible();
        if (kept) await expect(kept, action.name).toHaveValue(typed!);
      });
    }
  }

  // A test per form: a dozen journeys in one took 87 s of its 90 beside a CPU hog.
  for (const action of ACTIONS) {
    test(`${action.name} met by a 401 leads to sign-in and back to its page`, async ({
      portal,
      page,
      sandbox,
    }) => {
      test.skip(
        Boolean(action.withJavaScriptOnly) && !portal.javaScriptEnabled,
        "a form JS shows; without JS its page is another row's",
      );
      await portal.signInDirectly();
      await action.prepare?.(portal);
      await portal.visit(action.path);
      await portal.hydrated();
      await action.open?.(page);
      await action.fill(page);
      await sandbox.expireTokens();
      await page.getByRole("button", { name: action.submit }).click();
      await expectSignInAndBack(portal, action.returnsTo ?? action.path, action.name);
    });
  }
});

test.describe("provider faults in the log", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the server's log: one run is enough");

  test("an error body that echoes a passenger is never written to the log", async ({
    page,
    sandbox,
  }) => {
    const instance = await startPortalInstance();
    const echoed = "Passenger SARA AHMADI, passport X12345678: invalid";
    // A 500 that echoes what it was sent, a 502 gateway page, and an answer of the wrong shape.
    await sandbox.fault({ path: "/token", status: 500, body: { Message: echoed } });
    await page.goto(`${instance.url}/auth/login`);
    await page.getByLabel("Username").fill(DEMO_USER.userName);
    await page.getByLabel("Password").fill(DEMO_USER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    await sandbox.clearFaults();
    await page.getByLabel("Username").fill(DEMO_USER.userName);
    await page.getByLabel("Password").fill(DEMO_USER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/dashboard$/);
    await sandbox.fault({ path: "/api/Client", status: 502, body: `<html>${echoed}</html>` });
    await sandbox.fault({ path: "/api/DashboardClient", status: 200, body: { Passport: echoed } });
    await page.goto(`${instance.url}/dashboard`);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    const log = instance.output();
    expect(log).toContain("/token answered 500 (application/json");
    expect(log).toContain("/api/Client answered 502 (text/html");
    expect(log).toContain("sent an unexpected");
    expect(log).not.toContain("X12345678");
    expect(log).not.toContain("AHMADI");
  });
});
