import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from "vitest";

const PROVIDER = "http://localhost";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

let asked = 0;
let failing = false;
let dollarSign = "$";
beforeEach(() => {
  asked = 0;
  failing = false;
  dollarSign = "$";
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  server.use(
    http.get(`${PROVIDER}/api/Client`, ({ request }) => {
      expect(request.headers.get("Accept")).toContain("CurrencyData");
      expect(request.headers.get("Authorization")).toBeNull();
      asked += 1;
      if (failing) return new HttpResponse(null, { status: 500 });
      return HttpResponse.json([
        { Id: 1, Code: "USD", Sign: dollarSign, Title: "US Dollar" },
        { Id: 2, Code: "IRR", Sign: " ", Title: "Iranian Rial" },
      ]);
    }),
  );
});

/** A fresh copy of the module: the signs are kept per process. */
async function freshSigns() {
  vi.resetModules();
  return (await import("./client.server")).currencySigns;
}

test("the provider's signs, a blank one left out, asked for once while they are fresh", async () => {
  const currencySigns = await freshSigns();
  const [first, second] = await Promise.all([currencySigns({}), currencySigns({})]);
  expect(first.get("USD")).toBe("$");
  expect(first.has("IRR")).toBe(false);
  expect(second).toBe(first);
  vi.advanceTimersByTime(9 * 60_000);
  await currencySigns({});
  expect(asked).toBe(1);
});

test("after ten minutes the known signs answer at once while newer ones are fetched", async () => {
  const currencySigns = await freshSigns();
  await currencySigns({});
  dollarSign = "US $";
  vi.advanceTimersByTime(11 * 60_000);
  expect((await currencySigns({})).get("USD")).toBe("$");
  await vi.waitFor(() => expect(asked).toBe(2));
  await vi.waitFor(async () => expect((await currencySigns({})).get("USD")).toBe("US $"));
});

test("a list that cannot be read gives no signs, and is asked for again a minute later", async () => {
  const currencySigns = await freshSigns();
  failing = true;
  expect((await currencySigns({})).size).toBe(0);
  await currencySigns({});
  expect(asked).toBe(1);
  failing = false;
  vi.advanceTimersByTime(61_000);
  await currencySigns({});
  await vi.waitFor(async () => expect((await currencySigns({})).get("USD")).toBe("$"));
  expect(asked).toBe(2);
});
