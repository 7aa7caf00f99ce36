import type { Page } from "@playwright/test";
import { expect, NO_ANSWER_IN_TIME, test } from "./fixtures";

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

    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    // Spec §5's sentence above the list of fields to mend.
    await expect(summary).toContainText("Please fill in the mandatory fields correctly");
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

  test("a taken username gets the answer a free one gets: nothing tells that it exists", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.visit("/auth/register");
    await fillRegistration(page);
    await page.getByLabel("Username").fill("demo");
    await page.getByRole("button", { name: "Send request" }).click();
    await page.waitForURL(/\/auth\/register-success$/);
    // No second user of the name: the application waits for review without one.
    const state = await sandbox.state();
    expect(state.users.filter((user) => user.userName === "demo")).toHaveLength(1);
    expect(state.agencies.at(-1)?.status).toBe("duplicate-user-name");
  });

  test("registrations are limited per client and per network a day, with a translated 429 and the form kept; a crowd of addresses in one network leaves a real agency elsewhere its turn", async ({
    portal,
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "requests, not pages: one run is enough");
    const fields = {
      agencyName: "Caspian Voyages",
      managerFirstName: "Darya",
      managerLastName: "Kamali",
      phone: "+98 11 3322 4455",
      email: "office@caspian.example",
      country: "IR",
      city: "Rasht",
      address: "Golsar Blvd., Rasht",
      password: "Caspian2026",
      confirmPassword: "Caspian2026",
    };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await portal.sendForm("/auth/register", {
        ...fields,
        username: `caspian${attempt}`,
      });
      statuses.push(answer.status());
      if (attempt === 5) {
        const text = await answer.text();
        expect(text).toContain("You have sent this many times in a short while");
        expect(text).toContain("Golsar Blvd., Rasht");
      }
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
    // Twenty addresses of one /24 try their five each: the network's twenty go through, the rest
    // are refused however many addresses send them...
    const csrf = await portal.securityTokenOf("/auth/register");
    const crowd = await Promise.all(
      Array.from({ length: 20 }, async (_, client) => {
        const answers: number[] = [];
        for (let attempt = 0; attempt < 5; attempt++) {
          const answer = await page.request.post("/auth/register", {
            form: { csrf, ...fields, username: `crowd${client}x${attempt}` },
            headers: { "X-Forwarded-For": `203.0.113.${client + 1}` },
            maxRedirects: 0,
          });
          answers.push(answer.status());
        }
        return answers;
      }),
    );
    expect(crowd.flat().filter((status) => status === 302)).toHaveLength(20);
    expect(crowd.flat().filter((status) => status !== 302)).toEqual(Array(80).fill(429));
    // A real agency in that network is refused too, but given the provider's phone, its form kept.
    await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.77" });
    const neighbour = await portal.sendForm("/auth/register", { ...fields, username: "caspian8" });
    expect(neighbour.status()).toBe(429);
    const neighbourText = await neighbour.text();
    expect(neighbourText).toContain("Call the provider at +98 21 9999 0000");
    expect(neighbourText).toContain("Golsar Blvd., Rasht");
    // ...and a real agency in another network still may.
    await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.44" });
    const other = await portal.sendForm("/auth/register", { ...fields, username: "caspian9" });
    expect(other.status()).toBe(302);
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

  for (const { name, fault } of [
    { name: "a 500", fault: { status: 500 } },
    { name: "a timeout", fault: NO_ANSWER_IN_TIME },
  ])
    test(`a registration the provider meets with ${name}: a message, the form kept`, async ({
      portal,
      page,
      sandbox,
      impatientPortalUrl,
    }) => {
      await page.goto(`${impatientPortalUrl}/auth/register`);
      await portal.hydrated();
      await fillRegistration(page);
      await sandbox.fault({ path: "/api/*", method: "POST", ...fault });
      await page.getByRole("button", { name: "Send request" }).click();
      await expect(
        page.getByText("The booking service is not answering right now.").first(),
      ).toBeVisible();
      await expect(page.getByLabel("Agency name")).toHaveValue("Caspian Voyages");
      await expect(page.getByLabel("Email")).toHaveValue("office@caspian.example");
    });
});
