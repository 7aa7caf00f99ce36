import type { Page } from "@playwright/test";
import { expect, test, type Portal } from "./fixtures";

/** Signs in, opens Change Password and sends it with these three values. */
async function changePassword(
  portal: Portal,
  page: Page,
  current: string,
  next: string,
  repeated: string,
  { signedIn = false } = {},
) {
  if (!signedIn) await portal.signInDirectly();
  await portal.visit("/changePassword");
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("Repeat the new password").fill(repeated);
  await page.getByRole("button", { name: "Change password" }).click();
}

test.describe("change password", () => {
  test("the password rule is explained next to the field and nothing is sent", async ({
    portal,
    page,
    sandbox,
  }) => {
    await changePassword(portal, page, "Demo1234", "alllowercase1", "alllowercase2");
    await expect(page.locator("#change-password-newPassword-error")).toHaveText(
      "The password needs at least 8 characters, with a capital letter, a small letter and a digit.",
    );
    await expect(page.locator("#change-password-confirmPassword-error")).toHaveText(
      "The two passwords do not match.",
    );
    expect((await sandbox.state()).users.find((user) => user.userName === "demo")?.password).toBe(
      "Demo1234",
    );
  });

  test("a wrong current password comes back from the provider", async ({ portal, page }) => {
    await changePassword(portal, page, "NotMine123", "Better2026", "Better2026");
    await expect(page.getByRole("alert")).toContainText("The current password is incorrect.");
  });

  // The sandbox refuses every token of a user whose password changed, as the contract asks of a
  // provider: the portal goes on with a token it asked for with the new password.
  test("a good change is confirmed and the clerk goes on with a token of the new password", async ({
    portal,
    page,
    sandbox,
  }) => {
    await changePassword(portal, page, "Demo1234", "Better2026", "Better2026");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("snackbar")).toHaveText(/Your password was changed\./);
    // With the old token, this page's calls would be refused and the clerk sent to sign in.
    await portal.visit("/reservations/list");
    await expect(page).toHaveURL(/\/reservations\/list$/);
    await expect(page.getByLabel("State")).toBeVisible();
    const state = await sandbox.state();
    expect(state.users.find((user) => user.userName === "demo")?.password).toBe("Better2026");
    expect(state.tokens.filter((token) => token.userName === "demo")).toHaveLength(1);
  });

  test("when signing in again fails, the clerk is told the change went through", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signInDirectly();
    // The current password is checked at /token first: the sign-in after the change fails.
    await sandbox.fault({ path: "/token", status: 503, skip: 1 });
    await changePassword(portal, page, "Demo1234", "Better2026", "Better2026", { signedIn: true });
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByTestId("snackbar")).toHaveText(
      /^Your password was changed\. Sign in with the new password\./,
    );
  });
});

test.describe("verify email", () => {
  test("saving the email sends a confirmation; once confirmed the button goes away", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signIn();
    await page.getByRole("link", { name: "Verify Email" }).click();
    await expect(page).toHaveURL(/\/account\/verify-email$/);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(
      "office@parsian-travel.example",
    );
    await portal.hydrated();
    await page.getByLabel("Email", { exact: true }).fill("bookings@parsian-travel.example");
    await page.getByRole("button", { name: "Save and send confirmation" }).click();
    await expect(page.getByTestId("snackbar")).toContainText(
      "Your info got updated successfully and confirmation email sent",
    );
    const state = await sandbox.state();
    expect(state.pendingEmailConfirmations).toEqual([
      { agencyId: 1, email: "bookings@parsian-travel.example" },
    ]);

    await sandbox.confirmEmail("demo");
    await portal.visit("/dashboard");
    await expect(page.getByRole("link", { name: "Verify Email" })).toHaveCount(0);
  });

  test("a malformed email is refused next to the field", async ({ portal, page }) => {
    await portal.signInDirectly();
    await portal.visit("/account/verify-email");
    await page.getByLabel("Email", { exact: true }).fill("bookings@");
    await page.getByRole("button", { name: "Save and send confirmation" }).click();
    await expect(page.locator("#verify-email-email-error")).toHaveText(
      "Enter an email address like name@example.com.",
    );
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("bookings@");
  });
});
