import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const agency = {
  "Agency name": "Caspian Voyages",
  "Manager's first name": "Darya",
  "Manager's last name": "Kamali",
  Phone: "+98 11 3322 4455",
  Email: "office@caspian.example",
  City: "Rasht",
  Address: "Golsar Blvd., Rasht",
  Username: "caspian",
};

/** Fills in the whole form as `agency` describes, with a good password unless told otherwise. */
async function fillRegistration(
  page: Page,
  overrides: { country?: string; password?: string; repeated?: string } = {},
) {
  for (const [label, value] of Object.entries(agency))
    await page.getByLabel(label, { exact: true }).fill(value);
  if (overrides.country !== "")
    await page.getByLabel("Country").selectOption(overrides.country ?? "IR");
  await page.getByLabel("Password", { exact: true }).fill(overrides.password ?? "Caspian2026");
  await page
    .getByLabel("Repeat the password")
    .fill(overrides.repeated ?? overrides.password ?? "Caspian2026");
}

test.describe("registration", () => {
  test("a new agency asks for access and is told it will be reviewed", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.visit("/auth/login");
    await page.getByRole("link", { name: "Request access for your travel agency" }).click();
    await expect(page).toHaveTitle(/^Request Access for Your Travel Agency \|/);
    await portal.hydrated();
    await fillRegistration(page);
    await page.getByRole("button", { name: "Send request" }).click();

    await expect(page).toHaveURL(/\/auth\/register-success$/);
    await expect(page.getByRole("status")).toHaveText(/will be reviewed and processed shortly/);
    const state = await sandbox.state();
    const created = state.agencies.find((entry) => entry.name === "Caspian Voyages");
    expect(created).toMatchObject({
      status: "pending",
      email: "office@caspian.example",
      countryCode: "IR",
    });
    expect(state.users.find((user) => user.userName === "caspian")?.agencyId).toBe(created?.id);

    // Until the provider approves the agency, signing in says why it cannot.
    await portal.attemptSignIn({ userName: "caspian", password: "Caspian2026" });
    await expect(page.getByRole("alert")).toContainText(
      "Your agency's request for access is still being reviewed.",
    );
  });

  test("bad input is reported next to each field and the values are kept", async ({
    portal,
    page,
  }) => {
    await portal.visit("/auth/register");
    await fillRegistration(page, { country: "", password: "short", repeated: "different" });
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send request" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
    await expect(page.locator("#register-email-error")).toHaveText(
      "Enter an email address like name@example.com.",
    );
    await expect(page.locator("#register-password-error")).toHaveText(
      "The password needs at least 8 characters, with a capital letter, a small letter and a digit.",
    );
    await expect(page.locator("#register-country-error")).toHaveText("This field is required!");
    await expect(page.getByLabel("Agency name")).toHaveValue("Caspian Voyages");
    await expect(page.getByLabel("Address")).toHaveValue("Golsar Blvd., Rasht");
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
  });

  test("a taken username comes back from the provider with the form intact", async ({
    portal,
    page,
  }) => {
    await portal.visit("/auth/register");
    await fillRegistration(page);
    await page.getByLabel("Username").fill("demo");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("alert")).toContainText("This user name is already taken.");
    await expect(page.getByLabel("Agency name")).toHaveValue("Caspian Voyages");
    await expect(page.getByLabel("Country")).toHaveValue("IR");
  });

  test("an ASP.NET-style 400 puts each message by its field, the rest above the form", async ({
    portal,
    page,
    sandbox,
  }) => {
    await sandbox.fault({
      path: "/api/AgencyClient",
      method: "POST",
      status: 400,
      body: {
        Message: "The request is invalid.",
        ModelState: {
          "model.Email": ["The domain caspian.example does not receive mail."],
          "model.TaxNumber": ["A tax number is required for agencies in Iran."],
        },
      },
    });
    await portal.visit("/auth/register");
    await fillRegistration(page);
    await page.getByRole("button", { name: "Send request" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toContainText("A tax number is required for agencies in Iran.");
    await expect(summary).not.toContainText("The request is invalid.");
    await expect(page.locator("#register-email-error, [id$='email-error']").first()).toHaveText(
      "The domain caspian.example does not receive mail.",
    );
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Agency name")).toHaveValue("Caspian Voyages");
  });
});
