import type { Page } from "@playwright/test";
import { expect, test, type Portal, type Sandbox } from "./fixtures";
import { PNG, receiptFields } from "./journeys";

/**
 * Whatever a form is sent, typed or forged: never a 5xx, a translated message, the values back in
 * the form, and nothing sent to the provider. One table; a new form joins it with a few lines.
 * The posts go straight to each action (as a forged or scripted post would), with the page's own
 * CSRF token, so each reaches the form's validation.
 */

/** Longer than any field takes, within what a form may send (a larger body: http-layer.spec.ts). */
const TEXT_OVER_EVERY_FIELD = "x".repeat(20_000);
const CONTROL_TEXT = "Room\u0000 with\u001b[31m escape";

const MESSAGES = {
  required: "This field is required!",
  tooLong: "This is too long.",
  control: "Remove the invisible control characters from this text.",
  date: "Date is not in correct format!",
  time: "Time is not in correct format!",
  checkOutAfterCheckIn: "The check-out date must come after the check-in date.",
  amount: "Enter an amount above zero, like 1250 or 1250.50.",
  fileType: "Only JPEG, PNG and PDF files are accepted.",
  completeAll: "Please complete all required fields before submitting",
  dateFa: "تاریخ در قالب درست نیست!",
};

/** The key of `shows` for a message of the whole form, not of one field. */
const FORM = "(the form)";

type BadPost = {
  name: string;
  /** The page whose form is posted (its CSRF token); the form posts back to it. */
  page: string;
  fields: Record<string, string>;
  /** A file, sent last as the form's file input is. */
  file?: { field: string; name: string; mimeType: string; buffer: Buffer };
  language?: "fa";
  /** The messages the answer must show, each in the error list of its field (`FORM`: the form's). */
  shows: Record<string, string>;
  /** Values typed that the answer must give back. */
  keeps?: string[];
};

const HOTEL = "/reservations/new/hotel";
/** Stands for the hotel's id in a step-1 post: read from the page's own choice. */
const A_HOTEL = "(the id of Marina Pearl Resort)";
const NOTE = "/reservations/reservation-details/7003";
const CHANGE_DATES = "/reservations/modify-date-reservation/7001";
const TICKET = "/orders/order-details/3002";
const REPLY = "/orders/order-details/3001/tickets/15001";
const RECEIPT = "/orders/order-details/3002/receipt";

const BAD_POSTS: BadPost[] = [
  // Sign-in and password
  {
    name: "sign-in with no fields",
    page: "/auth/login",
    fields: {},
    shows: { username: MESSAGES.required, password: MESSAGES.required },
  },
  {
    name: "sign-in with a 20,000-character username",
    page: "/auth/login",
    fields: { username: TEXT_OVER_EVERY_FIELD, password: "x" },
    shows: { username: MESSAGES.tooLong },
  },
  {
    name: "sign-in with a 20,000-character password",
    page: "/auth/login",
    fields: { username: "demo", password: TEXT_OVER_EVERY_FIELD },
    shows: { password: MESSAGES.tooLong },
  },
  {
    name: "sign-in with control characters",
    page: "/auth/login",
    fields: { username: "demo\u0000", password: "Demo1234" },
    shows: { username: MESSAGES.control },
  },
  {
    name: "password change without the current password",
    page: "/changePassword",
    fields: { currentPassword: "", newPassword: "Better2026", confirmPassword: "Better2026" },
    shows: { currentPassword: MESSAGES.required },
  },
  // The wizard's first step: dates in every shape
  {
    name: "step 1 with February 30th",
    page: HOTEL,
    fields: { checkIn: "2026/02/30", checkOut: "2026/03/02" },
    shows: { checkIn: MESSAGES.date },
    keeps: ["2026/02/30"],
  },
  {
    name: "step 1 in Persian with Esfand 30th of a common year (1405)",
    page: HOTEL,
    language: "fa",
    fields: { checkIn: "۱۴۰۵/۱۲/۳۰", checkOut: "۱۴۰۶/۰۱/۰۲" },
    shows: { checkIn: MESSAGES.dateFa },
    keeps: ["۱۴۰۵/۱۲/۳۰"],
  },
  {
    name: "step 1 with the check-out before the check-in",
    page: HOTEL,
    fields: { propertyId: A_HOTEL, checkIn: "2027/03/10", checkOut: "2027/03/08" },
    shows: { checkOut: MESSAGES.checkOutAfterCheckIn },
    keeps: ["2027/03/10", "2027/03/08"],
  },
  {
    name: "step 1 with a hotel that is not a number and a 20,000-character reference",
    page: HOTEL,
    fields: {
      propertyId: "abc",
      checkIn: "2027/03/10",
      checkOut: "2027/03/12",
      agencyRef: TEXT_OVER_EVERY_FIELD,
    },
    shows: { propertyId: "Choose a hotel from the list.", agencyRef: MESSAGES.tooLong },
  },
  // Changes to a request
  {
    name: "a change of dates with an impossible date in Persian digits",
    page: CHANGE_DATES,
    fields: { checkIn: "۲۰۲۷/۰۲/۲۹", checkOut: "2027/03/02" },
    shows: { checkIn: MESSAGES.date },
    keeps: ["۲۰۲۷/۰۲/۲۹"],
  },
  {
    name: "a change of dates with the check-out first",
    page: CHANGE_DATES,
    fields: { checkIn: "2027/03/10", checkOut: "2027/03/01" },
    shows: { checkOut: MESSAGES.checkOutAfterCheckIn },
  },
  // Notes and tickets
  {
    name: "a note of 20,000 characters",
    page: NOTE,
    fields: { intent: "note", content: TEXT_OVER_EVERY_FIELD },
    shows: { content: MESSAGES.tooLong },
  },
  {
    name: "a note with control characters",
    page: NOTE,
    fields: { intent: "note", content: CONTROL_TEXT },
    shows: { content: MESSAGES.control },
  },
  {
    name: "a ticket with an unknown category and no subject",
    page: TICKET,
    fields: { category: "99", subject: "", message: "Please call me." },
    shows: { [FORM]: MESSAGES.completeAll, subject: MESSAGES.required },
    keeps: ["Please call me."],
  },
  {
    name: "a ticket reply of 20,000 characters",
    page: REPLY,
    fields: { message: TEXT_OVER_EVERY_FIELD },
    shows: { message: MESSAGES.tooLong },
  },
  // Receipts
  {
    name: "a receipt with a negative amount",
    page: RECEIPT,
    fields: receiptFields({ amount: "-250" }),
    file: { field: "receipt", name: "receipt.png", mimeType: "image/png", buffer: PNG },
    shows: { amount: MESSAGES.amount },
    keeps: ["-250", "RC-1001"],
  },
  {
    name: "a receipt with an absurd amount and an impossible time",
    page: RECEIPT,
    fields: receiptFields({ amount: "99999999999999999999", paymentTime: "25:61" }),
    file: { field: "receipt", name: "receipt.png", mimeType: "image/png", buffer: PNG },
    shows: { amount: MESSAGES.amount, paymentTime: MESSAGES.time },
    keeps: ["99999999999999999999"],
  },
  {
    name: "a receipt with a program named like a picture",
    page: RECEIPT,
    // Every other value is right (the amount in Persian digits too): the file's bytes are the fault.
    fields: receiptFields({ amount: "۱۲۵۰" }),
    file: {
      field: "receipt",
      name: "receipt.png",
      mimeType: "image/png",
      buffer: Buffer.from("MZ\x90\x00 this is not a picture"),
    },
    shows: { receipt: MESSAGES.fileType },
    keeps: ["۱۲۵۰"],
  },
];

async function csrfTokenOf(page: Page) {
  return page.locator('input[name="csrf"]').first().inputValue();
}

async function providerWrites(sandbox: Sandbox) {
  return (await sandbox.calls()).filter((call) => call.method !== "GET").length;
}

/** Every error list of the page (`<ul id="…-error">`): its id and its text as shown. */
function errorListsIn(html: string) {
  return [...html.matchAll(/<ul id="([^"]+-error)"[^>]*>(.*?)<\/ul>/gs)].map(([, id, inner]) => ({
    id,
    text: shownText(inner.replace(/<[^>]+>/g, " ")),
  }));
}

function formIdsIn(html: string) {
  return [...html.matchAll(/<form\b[^>]*\bid="([^"]+)"/g)].map(([, id]) => id);
}

/** The HTML text as a browser shows it: entities decoded, so messages compare as written. */
function shownText(html: string) {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

async function post(portal: Portal, bad: BadPost) {
  const { page } = portal;
  await portal.visit(bad.page);
  const csrf = await csrfTokenOf(page);
  const hotel = Object.values(bad.fields).includes(A_HOTEL)
    ? await page.getByLabel("Marina Pearl Resort").getAttribute("value")
    : null;
  const fields = Object.fromEntries(
    Object.entries(bad.fields).map(([name, value]) => [name, value === A_HOTEL ? hotel! : value]),
  );
  if (bad.file) {
    return page.request.post(bad.page, {
      multipart: {
        csrf,
        ...fields,
        [bad.file.field]: {
          name: bad.file.name,
          mimeType: bad.file.mimeType,
          buffer: bad.file.buffer,
        },
      },
      maxRedirects: 0,
    });
  }
  return page.request.post(bad.page, { form: { csrf, ...fields }, maxRedirects: 0 });
}

test.describe("bad input", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "posts, not pages: one run is enough");

  test("every form answers with its messages, keeps the values and sends nothing on", async ({
    portal,
    sandbox,
  }) => {
    for (const language of ["en", "fa"] as const) {
      const posts = BAD_POSTS.filter((bad) => (bad.language ?? "en") === language);
      if (language === "fa") await portal.switchLanguage("فارسی");
      for (const bad of posts) {
        if (!bad.page.startsWith("/auth/") && !(await isSignedIn(portal))) await portal.signIn();
        if (bad.page.startsWith("/auth/") && (await isSignedIn(portal))) await signOut(portal);
        const writesBefore = await providerWrites(sandbox);
        const response = await post(portal, bad);
        const html = shownText(await response.text());
        expect(response.status(), bad.name).toBeGreaterThanOrEqual(400);
        expect(response.status(), bad.name).toBeLessThan(500);
        const lists = errorListsIn(html);
        const forms = formIdsIn(html);
        for (const [field, message] of Object.entries(bad.shows)) {
          // conform's ids: `{form}-{field}-error` for a field, `{form}-error` for the form itself.
          const own = lists.filter(({ id }) =>
            field === FORM
              ? forms.includes(id.slice(0, -"-error".length))
              : id.endsWith(`-${field}-error`),
          );
          expect(own.map(({ text }) => text).join(" | "), `${bad.name}: ${field}`).toContain(
            message,
          );
        }
        for (const value of bad.keeps ?? []) expect(html, bad.name).toContain(value);
        expect(await providerWrites(sandbox), bad.name).toBe(writesBefore);
      }
    }
  });

  test("Persian and Arabic-Indic digits are accepted in dates and stored as plain dates", async ({
    portal,
    page,
  }) => {
    await portal.signInDirectly();
    await portal.visit(HOTEL);
    const propertyId = await page.getByLabel("Marina Pearl Resort").getAttribute("value");
    const csrf = await csrfTokenOf(page);
    const response = await page.request.post(HOTEL, {
      form: { csrf, propertyId: propertyId!, checkIn: "۲۰۲۷/۰۳/۱۰", checkOut: "٢٠٢٧/٠٣/١٢" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toMatch(/\/rooms$/);
    await portal.visit(HOTEL);
    await expect(page.getByLabel("Check-in date")).toHaveValue("2027/03/10");
    await expect(page.getByLabel("Check-out date")).toHaveValue("2027/03/12");
  });
});

async function isSignedIn(portal: Portal) {
  const response = await portal.page.request.get("/dashboard", { maxRedirects: 0 });
  return response.status() === 200;
}

async function signOut(portal: Portal) {
  await portal.visit("/dashboard");
  await portal.page.getByRole("button", { name: /Log Out|خروج/ }).click();
  await portal.page.waitForURL(/\/auth\/login/);
}
