import { wizardSteps } from "#tests/pages";
import { expect, test } from "./fixtures";

/**
 * Text that carries HTML or script shows as text: the provider's (notes, ticket messages,
 * announcements) and the user's own (a guest's name, shown back on the wizard's review).
 */

const HOSTILE =
  '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold?</b>';
// A guest's name is at most 50 characters.
const HOSTILE_NAME = '<img src=x onerror="window.__pwned=3"><b>S</b>';

test("provider notes, ticket messages and announcements with markup render as plain text", async ({
  portal,
  page,
  sandbox,
}) => {
  await sandbox.addProviderNote(7001, HOSTILE);
  await sandbox.replyToTicket(15001, HOSTILE);
  await sandbox.publishAnnouncement(HOSTILE, HOSTILE);
  await portal.signInDirectly();
  for (const [path, container] of [
    ["/reservations/reservation-details/7001", "notes"],
    ["/orders/order-details/3001/tickets/15001", "ticket-thread"],
    ["/dashboard", "widget-announcements"],
  ] as const) {
    await portal.visit(path);
    const box = page.getByTestId(container);
    await expect(box.getByText(HOSTILE).first()).toBeVisible();
    await expect(box.locator("img, script, b")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  }
});

test("a guest's name with markup renders as plain text", async ({ portal, page }) => {
  await portal.signInDirectly();
  for (const { path, moveOn } of wizardSteps()) {
    if (!moveOn) break;
    const fields = { ...moveOn };
    if ("rooms[0].guests[0].firstName" in fields)
      fields["rooms[0].guests[0].firstName"] = HOSTILE_NAME;
    expect((await portal.sendForm(path, fields)).status(), path).toBe(302);
  }
  await portal.visit("/reservations/new/review");
  const main = page.getByRole("main");
  await expect(main.getByText(HOSTILE_NAME)).toBeVisible();
  await expect(main.locator('img[src="x"], b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});
