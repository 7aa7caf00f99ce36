import type { Fault } from "#tests/mocks/faults";
import { expect, test } from "./fixtures";

/**
 * Whatever goes wrong at the provider, every page answers with a translated message inside the
 * layout (or a part of the page that says so), never a stack trace or a blank page, and the portal
 * serves the next request as usual. One table of faults, one of pages.
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

const PAGES = [
  "/dashboard",
  "/reservations/list",
  "/reservations/reservation-details/7001",
  "/reservations/modify-room-reservation/7001",
  "/reservations/new/hotel",
  "/orders",
  "/orders/order-details/3001",
  "/payments",
  "/transactions",
];

const UNAVAILABLE = "The booking service is not answering right now.";

test.describe("provider faults", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "server answers: one run is enough");
  test.setTimeout(120_000);

  for (const { name, fault } of FAULTS) {
    test(`every page survives ${name}`, async ({ portal, page, sandbox }) => {
      await portal.signIn();
      await sandbox.fault({ path: "/api/*", ...fault });
      for (const path of PAGES) {
        const response = await page.goto(path);
        expect(response!.status(), path).toBeLessThan(600);
        await expect(page.getByText(UNAVAILABLE).first(), path).toBeVisible();
        const html = await page.content();
        expect(html, path).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
        expect(html, path).not.toContain("Bad gateway");
      }
      await sandbox.clearFaults();
      await portal.visit("/reservations/list");
      await expect(page.getByRole("heading", { name: "Requests", level: 1 })).toBeVisible();
    });
  }
});
