import { rmSync } from "node:fs";
import { afterAll, afterEach, describe, expect, test, vi } from "vitest";
import { requireProvider } from "./auth.server";
import { env } from "./env.server";
import { sessionStorage } from "./session.server";

async function signedInRequest() {
  const session = await sessionStorage.getSession();
  session.set("token", "provider-token");
  session.set("userName", "demo");
  session.set("lastSeenAt", Date.now());
  const cookie = (await sessionStorage.commitSession(session)).split(";")[0];
  return () => new Request("http://portal/reservations/list", { headers: { Cookie: cookie } });
}

describe("idle sessions", () => {
  afterEach(() => vi.useRealTimers());
  afterAll(() => rmSync(env.SESSION_DIR, { recursive: true, force: true }));

  test("a session in use stays open, however long it lasts", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const request = await signedInRequest();
    for (let step = 0; step < 4; step++) {
      vi.setSystemTime(Date.now() + (env.SESSION_IDLE_MINUTES - 1) * 60_000);
      await expect(requireProvider(request())).resolves.toMatchObject({ token: "provider-token" });
    }
  });

  test("a session unused for longer than the idle time ends, back to sign-in and here", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const request = await signedInRequest();
    vi.setSystemTime(Date.now() + (env.SESSION_IDLE_MINUTES + 1) * 60_000);
    const thrown = await requireProvider(request()).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(
      "/auth/login?redirectTo=%2Freservations%2Flist",
    );
    // The session is gone: the same cookie finds nothing.
    await expect(requireProvider(request())).rejects.toBeInstanceOf(Response);
  });
});
