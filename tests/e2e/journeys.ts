import type { Locator, Page } from "@playwright/test";
import type { SandboxState } from "#sandbox/model";
import { formatDateInput } from "~/utils/format/date-input";
import { expect, type Portal } from "./fixtures";

/** Steps of the user journeys that more than one spec walks: the wizard's and a receipt's. */

/** An ISO date `days` from today (UTC), as the sandbox's seed counts days. */
export function isoIn(days: number) {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export const CHECK_IN = isoIn(10);
export const CHECK_OUT = isoIn(13);

export type Guest = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender?: "Female" | "Male";
  passport: string;
  nationality: string;
};

export async function fillGuest(group: Locator, guest: Guest, language = "en") {
  await group.getByLabel("First name").fill(guest.firstName);
  await group.getByLabel("Last name").fill(guest.lastName);
  await group.getByLabel("Date of birth").fill(formatDateInput(guest.dateOfBirth, language));
  if (guest.gender) await group.getByLabel("Gender").selectOption(guest.gender);
  await group.getByLabel("Passport number").fill(guest.passport);
  await group.getByLabel("Nationality").selectOption(guest.nationality);
}

/** Step 1 with the given hotel and dates; ends on step 2. */
export async function chooseHotel(
  page: Page,
  { hotel = "Marina Pearl Resort", transfer = true, agencyRef = "AG-7788", notes = "" } = {},
) {
  await page.getByLabel(hotel).check();
  await page.getByLabel("Check-in date").fill(formatDateInput(CHECK_IN, "en"));
  await page.getByLabel("Check-out date").fill(formatDateInput(CHECK_OUT, "en"));
  if (transfer) await page.getByLabel("An airport transfer is needed").check();
  await page.getByLabel("Your reference (optional)").fill(agencyRef);
  if (notes) await page.getByLabel("Notes for the provider (optional)").fill(notes);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/rooms$/);
}

/**
 * Step 1 sent as a form (Marina Pearl Resort, `period`'s dates typed in `language`), then the rooms
 * step opened: for tests about step 2 and later.
 */
export async function roomsOfAStay(
  portal: Portal,
  language: "en" | "fa",
  period = { checkIn: CHECK_IN, checkOut: CHECK_OUT },
) {
  const hotelStep = {
    propertyId: "1004",
    checkIn: formatDateInput(period.checkIn, language),
    checkOut: formatDateInput(period.checkOut, language),
  };
  expect((await portal.sendForm("/reservations/new/hotel", hotelStep)).status()).toBe(302);
  await portal.visit("/reservations/new/rooms");
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** What the receipt form sends for a valid receipt, but the file (and its token), as typed values. */
export const receiptFields = (overrides: Record<string, string> = {}) => ({
  receiptNumber: "RC-1001",
  paymentDate: "2026/11/20",
  paymentTime: "10:30",
  receiptPaymentType: "1",
  sendersName: "Sara Ahmadi",
  amount: "1250",
  currency: "1",
  bank: "",
  description: "",
  ...overrides,
});

/** Fills every receipt field but the file; the form is the dialog's (JS) or the page's. */
export async function fillReceipt({ page }: { page: Page }, receiptNumber: string) {
  await page.getByLabel("Receipt number").fill(receiptNumber);
  await page.getByLabel("Receipt payment type").selectOption({ label: "Bank transfer (SATNA)" });
  await page.getByLabel("Payment date").fill(formatDateInput("2026-11-20", "en"));
  await page.getByLabel("Payment time").fill("10:30");
  await page.getByLabel("Sender's name").fill("Sara Ahmadi");
  await page.getByLabel("Amount", { exact: true }).fill("1250.50");
  await page.getByLabel("Currency paid in").selectOption({ label: "US Dollar (USD)" });
  await page.getByLabel("Bank (optional)").selectOption({ label: "Bank Mellat" });
}

/** Opens the receipt form: a dialog on the order with JS, the receipt page without. */
export async function openReceiptForm(portal: Portal, orderId: number) {
  await portal.visit(`/orders/order-details/${orderId}`);
  await portal.page.getByRole("link", { name: "Submit a receipt" }).click();
  if (portal.javaScriptEnabled)
    await expect(portal.page.getByTestId("receipt-dialog")).toBeVisible();
  else await portal.page.waitForURL(new RegExp(`/orders/order-details/${orderId}/receipt$`));
}

/**
 * A receipt with a PNG for an order, sent from its form; ends on its success message. With JS the
 * send is its post alone: the answer brings the order's payments (decision 044).
 */
export async function submitReceipt(portal: Portal, orderId: number, receiptNumber: string) {
  await openReceiptForm(portal, orderId);
  await fillReceipt(portal, receiptNumber);
  await portal.page.getByLabel("Receipt file").setInputFiles({
    name: "receipt.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  const asked = await portal.dataRequestsDuring(async () => {
    await portal.page.getByRole("button", { name: "Submit receipt" }).click();
    await expect(portal.page.getByText("Receipt was submitted successfully")).toBeVisible();
    await expect(portal.page).toHaveURL(new RegExp(`/orders/order-details/${orderId}#payments$`));
  });
  if (portal.javaScriptEnabled)
    expect(asked).toEqual([`POST /orders/order-details/${orderId}/receipt.data`]);
}

/**
 * The demo agency's requests waiting for payment whose deadline falls within 48 hours, the soonest
 * first. The seed's deadlines are tomorrow or in four days: no zone's hours move one across.
 */
export function paymentsDueSoon(state: SandboxState) {
  return state.requests
    .filter(
      (request) =>
        request.agencyId === 1 &&
        request.state === "PaymentPending" &&
        Date.parse(`${request.paymentDeadlineDateTime}Z`) < Date.now() + 48 * 3_600_000,
    )
    .sort((a, b) => a.paymentDeadlineDateTime!.localeCompare(b.paymentDeadlineDateTime!));
}
