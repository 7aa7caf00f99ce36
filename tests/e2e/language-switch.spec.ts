import { SIGNED_IN_PAGES, wizardSteps } from "#tests/pages";
import { ENGINE_SPECIFIC, expect, test, type Portal } from "./fixtures";
import { fillReceipt, PNG } from "./journeys";

/**
 * A language switch in the middle of a form loses nothing (issue 71). Without JS the language
 * buttons send the page's form (the top bar's by the `form` attribute; a text browser, which knows
 * no such attribute, has the same buttons inside the form) and the page comes back in the other
 * language with what was typed, dates in the new calendar, never a password. With JS the page keeps
 * its fields and rewrites its dates. The rooms step's case is in wizard.spec.ts.
 */

test.describe.configure({ timeout: 60_000 });

/** Request 7001 (Pending, the demo agency's) takes notes; order 3002 takes a receipt. */
const REQUEST = "/reservations/reservation-details/7001";
const ORDER = 3002;

// In each engine: the top bar's buttons belong to the form (`form`), and a file field comes along.
test(
  "the receipt form keeps its reference, amount and date across English → Persian → English, and is sent",
  ENGINE_SPECIFIC,
  async ({ portal, page }) => {
    await portal.signInDirectly();
    // The receipt page (the dialog on the order, with JS, covers the top bar while it is open).
    await portal.visit(`/orders/order-details/${ORDER}/receipt`);
    await fillReceipt(portal, "RC-7101");
    const date = page.locator('input[name="paymentDate"]');
    const amount = page.locator('input[name="amount"]');
    const reference = page.locator('input[name="receiptNumber"]');
    await expect(date).toHaveValue("2026/11/20");
    await portal.switchLanguage("فارسی");
    await expect(date).toHaveValue("۱۴۰۵/۰۸/۲۹");
    await expect(reference).toHaveValue("RC-7101");
    await expect(amount).toHaveValue("1250.50");
    // A day later, typed in Persian digits: read in the Jalali calendar after the switch back.
    await date.fill("۱۴۰۵/۰۸/۳۰");
    await portal.switchLanguage("English");
    await expect(date).toHaveValue("2026/11/21");
    await expect(reference).toHaveValue("RC-7101");
    await expect(amount).toHaveValue("1250.50");
    await expect(page.getByLabel("Currency paid in")).toHaveValue(/\d+/);
    // A file cannot be kept: without JS the form asks for it again.
    await page.getByLabel("Receipt file").setInputFiles({
      name: "receipt.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    await page.getByRole("button", { name: "Submit receipt" }).click();
    await expect(page.getByText("Receipt was submitted successfully")).toBeVisible();
  },
);

test("a note being typed survives English → Persian → English, and is sent", async ({
  portal,
  page,
}) => {
  await portal.signInDirectly();
  await portal.visit(REQUEST);
  const note = "Late arrival, about 23:00 — please keep the room.";
  await page.getByLabel("New note").fill(note);
  await portal.switchLanguage("فارسی");
  const box = page.locator('textarea[name="content"]');
  await expect(box).toHaveValue(note);
  // Free text stays as typed, Persian digits and all.
  await box.fill(`${note} ۲ نفر`);
  await portal.switchLanguage("English");
  await expect(box).toHaveValue(`${note} ۲ نفر`);
  await page.getByRole("button", { name: "Send note" }).click();
  await expect(page.getByText(`${note} ۲ نفر`).first()).toBeVisible();
});

test("a language switch on the change-password page never sends or shows the passwords typed", async ({
  portal,
  page,
}) => {
  await portal.signInDirectly();
  await portal.visit("/changePassword");
  const typed = "Typed-Secret-9071";
  const fields = page.locator('input[type="password"]');
  await expect(fields).toHaveCount(3);
  for (const field of await fields.all()) await field.fill(typed);
  const bodies: string[] = [];
  page.on("request", (request) => bodies.push(request.postData() ?? ""));
  await portal.switchLanguage("فارسی");
  expect(bodies.filter((body) => body.includes(typed))).toEqual([]);
  if (!portal.javaScriptEnabled) {
    for (const field of await fields.all()) await expect(field).toHaveValue("");
    expect(await page.content()).not.toContain(typed);
  }
});

test("a change of dates keeps its dates, written in the new calendar, and the language stays chosen", async ({
  portal,
  page,
}) => {
  await portal.signInDirectly();
  const path = "/reservations/modify-date-reservation/7001";
  await portal.visit(path);
  const checkIn = page.locator('input[name="checkIn"]');
  await checkIn.fill("2027/03/21");
  await portal.switchLanguage("فارسی");
  await expect(checkIn).toHaveValue("۱۴۰۶/۰۱/۰۱");
  // The pages after are in Persian too: the answer set the language's cookie.
  await portal.visit("/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "fa");
  await portal.visit(path);
  await checkIn.fill("۱۴۰۶/۰۱/۰۲");
  await portal.switchLanguage("English");
  await expect(checkIn).toHaveValue("2027/03/22");
});

test.describe("without JS", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the buttons belong to a form before JS");

  test("a text browser's language buttons inside the form keep a note being typed", async ({
    portal,
    page,
  }) => {
    await portal.signInDirectly();
    // No stylesheet: the form's own buttons show, as in lynx and w3m, which send only the form a
    // button is inside.
    await page.route(/\.css(\?|$)/, (route) => route.abort());
    await portal.visit(REQUEST);
    const form = page.locator("form#note-7001");
    await form.getByLabel("New note").fill("Kept in a text browser");
    const inForm = form.getByRole("button", { name: "فارسی" });
    await expect(inForm).not.toHaveAttribute("form");
    await inForm.click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fa");
    await expect(page.locator('textarea[name="content"]')).toHaveValue("Kept in a text browser");
  });

  test("every page's language buttons send a form the page has: the form being typed where there is one", async ({
    portal,
    page,
  }) => {
    test.setTimeout(90_000);
    await portal.signInDirectly();
    const owners = async () =>
      page
        .locator("header button[name=language]")
        .evaluateAll((buttons) =>
          buttons.map((button) => (button as HTMLButtonElement).form?.id ?? "none"),
        );
    const typed: Record<string, string> = {
      "/account/verify-email": "verify-email",
      [REQUEST]: "note-7001",
      "/reservations/modify-date-reservation/7001": "modify-dates",
      "/reservations/modify-room-reservation/7001": "modify-rooms",
      "/reservations/modify-flight-reservation/7001": "modify-flights",
      "/orders/order-details/3001": "new-ticket-3001",
      "/orders/order-details/3001/receipt": "receipt-3001",
      "/orders/order-details/3001/tickets/15001": "reply-15001-",
    };
    // Enter in a field presses the form's first submit button in the document: one with no name,
    // as the form's own Continue or Send, never a language button of the top bar.
    const defaultButtonOf = (id: string) =>
      page.evaluate((formId) => {
        const form = document.getElementById(formId) as HTMLFormElement;
        const first = [...document.querySelectorAll("button")].find(
          (button) => button.form === form && button.type === "submit",
        );
        return first ? { name: first.name } : null;
      }, id);
    const check = async (where: string, typedForm: string | undefined) => {
      const formIds = await owners();
      // A page to print or hand over has no top bar.
      expect([0, 2], where).toContain(formIds.length);
      for (const id of formIds)
        if (typedForm) expect(id, where).toContain(typedForm);
        else expect(id, where).not.toBe("none");
      if (typedForm && formIds[0])
        expect(await defaultButtonOf(formIds[0]), where).toEqual({ name: "" });
    };
    for (const path of Object.values(SIGNED_IN_PAGES).flat()) {
      await portal.visit(path);
      await check(path, typed[path]);
    }
    await walkTheWizard(portal, async (step) => {
      const expected = { hotel: "wizard-hotel", rooms: "wizard-rooms", flights: "wizard-flights" };
      await check(step, expected[step as keyof typeof expected]);
    });
  });
});

/** Each wizard step's page in turn, moved on by its form, with `check` on each. */
async function walkTheWizard(portal: Portal, check: (step: string) => Promise<void>) {
  for (const { path, moveOn } of wizardSteps()) {
    await portal.visit(path);
    await check(path.split("/").at(-1)!);
    if (moveOn) expect((await portal.sendForm(path, moveOn)).status(), path).toBe(302);
  }
}
