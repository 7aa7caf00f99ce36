import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { startMockProvider, startPortal } from "./servers";

/**
 * A provider in a box: the portal against a mock that Prism makes from the contract document
 * alone (`npm run start:mock-provider`). Its answers are the document's examples, and it refuses
 * (400, a "request violation" in its log) any request the document does not allow, so the clerk's
 * sign-in and dashboard working here is what a provider's team gets by keeping to the schema.
 */
let provider: Awaited<ReturnType<typeof startMockProvider>>;
let portal: Awaited<ReturnType<typeof startPortal>>;

// Started before the test, on their own time: Prism reads the document in a few seconds, more
// beside a busy machine.
test.beforeAll(async () => {
  provider = await startMockProvider();
  portal = await startPortal({
    sandboxUrl: provider.url,
    sessionDir: mkdtempSync(join(".data", "mock-provider-sessions-")),
  });
});

test.afterAll(async () => {
  await portal?.stop();
  await provider?.stop();
});

test("against a mock made from the contract alone, the clerk signs in and sees the dashboard", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(`${portal.url}/auth/login`);
  if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Username").fill("demo");
  await page.getByLabel("Password").fill("Demo1234");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The examples of UserProfileData and DashboardAnnouncements, drawn by the portal.
  await expect(page.getByText("Parsian Travel").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "New payment deadline rules" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(provider.output(), "a call the document does not allow").not.toMatch(/Violation: request/);
});
