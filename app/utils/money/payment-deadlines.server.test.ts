import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { setupSandbox } from "../../../sandbox/node";
import { DEMO_USER } from "../../../sandbox/seed";
import type { RequestContext } from "~/utils/http/http-layer.server";
import { requestToken } from "~/utils/provider/token.server";
import { requestsDueSoonOnce } from "./payment-deadlines.server";

const { server, store } = setupSandbox();
const gridCalls: URL[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: "error" });
  server.events.on("request:start", ({ request }) => {
    if (request.headers.get("Accept")?.includes("ReserveRequestGrid"))
      gridCalls.push(new URL(request.url));
  });
});
beforeEach(() => {
  store.reset();
  gridCalls.length = 0;
});
afterAll(() => server.close());

/** A large agency: 400 more requests waiting for payment, none of them due soon (8 pages of 50). */
async function largeAgency() {
  const answer = await fetch("http://localhost/__sandbox/agencies/1/waiting-requests", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ count: 400 }),
  });
  expect(answer.status).toBe(201);
}

async function dueSoon() {
  const anonymous = { requestId: "payment-deadlines-test" };
  const token = await requestToken(anonymous, {
    username: DEMO_USER.userName,
    password: DEMO_USER.password,
    requestReference: "r-1",
  });
  // One page load: any object made once per request.
  const context = {} as RequestContext;
  return requestsDueSoonOnce(context, { ...anonymous, token });
}

describe("the payments due soon", () => {
  test("are asked for with the deadline filter: one page for a large agency", async () => {
    await largeAgency();
    const due = await dueSoon();
    expect(due.length).toBeGreaterThan(1);
    expect(gridCalls).toHaveLength(1);
    expect(gridCalls[0].searchParams.get("State")).toBe("PaymentPending");
    expect(gridCalls[0].searchParams.get("PaymentDeadlineTo")).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
    );
  });

  test("from a provider that ignores the filter are the same, read from every page", async () => {
    await largeAgency();
    const withFilter = await dueSoon();
    gridCalls.length = 0;
    store.state.rules.paymentDeadlineFilter = false;
    const without = await dueSoon();
    expect(without).toEqual(withFilter);
    expect(gridCalls.length).toBeGreaterThan(8);
  });
});
