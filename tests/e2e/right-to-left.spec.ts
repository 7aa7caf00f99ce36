import type { Locator } from "@playwright/test";
import { ENGINE_SPECIFIC, expect, test } from "./fixtures";

/**
 * Persian pages are right to left, and the provider's names in them are Latin: each value keeps
 * its own direction without reordering the line or the table it is in.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const box = async (locator: Locator) => (await locator.boundingBox())!;

test.describe("right to left", () => {
  test.beforeEach(async ({ portal }) => {
    await portal.signInDirectly();
    await portal.chooseLanguageDirectly("fa");
  });

  test(
    "a guest's Latin passport number keeps apart from the nationality beside it",
    ENGINE_SPECIFIC,
    async ({ portal, page }) => {
      await portal.visit("/reservations/reservation-details/7001");
      const cells = page.getByTestId("room-1").locator("tbody tr").first().locator("td");
      const passportCell = await box(cells.nth(4));
      const passport = await box(cells.nth(4).locator("bdi"));
      const nationality = await box(cells.nth(5).locator("bdi"));
      // The nationality's column is to the passport's left, with a gap between the two texts.
      expect(passport.x - (nationality.x + nationality.width)).toBeGreaterThanOrEqual(8);
      // The Latin number starts at its cell's start, the right, like every other cell.
      expect(passportCell.x + passportCell.width - (passport.x + passport.width)).toBeLessThan(12);
    },
  );

  test(
    "a room's 'board · view · guests' line keeps each value whole, first at the right",
    ENGINE_SPECIFIC,
    async ({ portal, page, sandbox }) => {
      await portal.visit("/reservations/reservation-details/7001");
      const state = await sandbox.state();
      const request = state.requests.find((entry) => entry.id === 7001)!;
      const hotel = state.hotels.find(
        (entry) => entry.accommodationPropertyId === request.accommodationPropertyId,
      )!;
      const roomType = hotel.roomTypes.find((type) => type.typeId === request.rooms[0].roomTypeId)!;
      const values = page.getByTestId("room-1").locator("p [data-inline-value]");
      await expect(values).toHaveText([roomType.roomService, roomType.roomView, /مسافر/]);
      const boxes = await Promise.all([0, 1, 2].map((index) => box(values.nth(index))));
      for (const [index, value] of boxes.entries()) {
        // One line, and each value to the left of the one before it.
        expect(Math.abs(value.y - boxes[0].y)).toBeLessThan(2);
        if (index > 0) expect(value.x + value.width).toBeLessThanOrEqual(boxes[index - 1].x);
      }
    },
  );
});
