import { expect, test } from "./fixtures";

/** Text from the provider (notes, ticket messages) that carries HTML or script shows as text. */

const HOSTILE =
  '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold?</b>';

test("provider notes and ticket messages with markup render as plain text", async ({
  portal,
  page,
  sandbox,
}) => {
  await sandbox.addProviderNote(7001, HOSTILE);
  await sandbox.replyToTicket(15001, HOSTILE);
  await portal.signInDirectly();
  for (const [path, container] of [
    ["/reservations/reservation-details/7001", "notes"],
    ["/orders/order-details/3001/tickets/15001", "ticket-thread"],
  ] as const) {
    await portal.visit(path);
    const box = page.getByTestId(container);
    await expect(box.getByText(HOSTILE)).toBeVisible();
    await expect(box.locator("img, script, b")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  }
});
