import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { setupSandbox } from "../../../sandbox/node";
import { requireProvider } from "~/utils/session/auth.server";
import { requestWithContext, signedInCookie } from "#tests/request-context";
import { findAirlines } from "./airlines.server";
import { findAirports, findLocations } from "./geo.server";
import { ProviderError } from "./request.server";

const { server } = setupSandbox();
const lookups: string[] = [];
beforeAll(() => {
  // The limit counts in windows of ten minutes: the clock held, no window ends mid-test.
  vi.useFakeTimers({ now: new Date("2026-11-28T10:01:00Z"), toFake: ["Date"] });
  server.listen({ onUnhandledRequest: "error" });
  server.events.on("request:start", ({ request }) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/geo/") || pathname.startsWith("/airline-service/"))
      lookups.push(pathname);
  });
});
afterAll(() => {
  server.close();
  vi.useRealTimers();
});

/** The provider context of a signed-in user's request, as a route gets it. */
async function providerOf(userName: string) {
  const cookie = await signedInCookie(userName);
  return requireProvider(...(await requestWithContext("http://portal/reservations/new", cookie)));
}

describe("lookups at the third-party services", () => {
  test("count against one limit per user, whatever asks: past it, nothing more is asked", async () => {
    const provider = await providerOf(`lookups-${Date.now()}`);
    // Suggestions, a place search and a flights step all call these: 300 in ten minutes.
    const ask = [
      () => findLocations(provider, "Antalya"),
      () => findAirports(provider, "IKA"),
      () => findAirlines(provider, "QR"),
    ];
    for (let call = 0; call < 300; call++) await ask[call % 3]();
    expect(lookups).toHaveLength(300);
    for (const next of ask) {
      const refused = await next().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ProviderError);
      expect((refused as ProviderError).kind).toBe("too-many-lookups");
    }
    expect(lookups).toHaveLength(300);
    // Another user's lookups are their own.
    await findLocations(await providerOf(`lookups-other-${Date.now()}`), "Antalya");
    expect(lookups).toHaveLength(301);
    // 300 calls through msw and the record store: 2.6 s alone, past 5 s beside a busy machine.
  }, 20_000);
});
