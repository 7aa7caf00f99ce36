import { afterEach, expect, test, vi } from "vitest";
import { providerWaits } from "~/utils/runtime/request-log.server";

let now = 0;
afterEach(() => vi.restoreAllMocks());

function at(ms: number) {
  now = ms;
}

test("calls made together are waited for once; each call is counted", () => {
  vi.spyOn(performance, "now").mockImplementation(() => now);
  const waits = providerWaits();
  at(0);
  const profile = waits.begin();
  at(10);
  const list = waits.begin();
  at(40);
  profile();
  at(50);
  list();
  // The page's own work, then a call after the first two.
  at(70);
  const detail = waits.begin();
  at(90);
  detail();
  detail();
  at(200);
  expect(waits.figures()).toEqual({ providerCalls: 3, providerMs: 70 });
});

test("a call still under way counts until the figures are read", () => {
  vi.spyOn(performance, "now").mockImplementation(() => now);
  const waits = providerWaits();
  at(5);
  waits.begin();
  at(25);
  expect(waits.figures()).toEqual({ providerCalls: 1, providerMs: 20 });
});
