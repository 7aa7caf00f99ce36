import { afterEach, describe, expect, test, vi } from "vitest";
import { renewSessionAlone, requireProvider, requireUserName, startSession } from "./auth.server";
import { csrf } from "./csrf.server";
import { env } from "~/utils/runtime/env.server";
import { userOverLimitMessage } from "~/utils/limits/rate-limit.server";
import { loadWizard } from "~/utils/wizard/reservation-wizard.server";
import type { Draft } from "~/utils/wizard/reservation-wizard";
import { sessionStorage } from "./session.server";
import { requestWithContext, signedInCookie } from "#tests/request-context";

async function signedInRequest(userName = "demo") {
  const cookie = await signedInCookie(userName);
  // Each call: a new request of that browser.
  return () => requestWithContext("http://portal/reservations/list", cookie);
}

describe("one request", () => {
  afterEach(() => vi.restoreAllMocks());

  test("reads its session from the store once, however many helpers need it", async () => {
    const [request, context] = await (await signedInRequest("one-read"))();
    const reads = vi.spyOn(sessionStorage, "getSession");
    await requireProvider(request, context);
    await requireUserName(request, context);
    await loadWizard(request, context, {});
    await userOverLimitMessage(request, context, "notesPerUser");
    expect(reads).toHaveBeenCalledTimes(1);
  });
});

describe("idle sessions", () => {
  afterEach(() => vi.useRealTimers());

  test("a session in use stays open, however long it lasts", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const request = await signedInRequest();
    for (let step = 0; step < 4; step++) {
      vi.setSystemTime(Date.now() + (env.SESSION_IDLE_MINUTES - 1) * 60_000);
      await expect(requireProvider(...(await request()))).resolves.toMatchObject({
        token: "provider-token",
      });
    }
  });

  test("a session unused for longer than the idle time ends, back to sign-in and here", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const request = await signedInRequest();
    vi.setSystemTime(Date.now() + (env.SESSION_IDLE_MINUTES + 1) * 60_000);
    const thrown = await requireProvider(...(await request())).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(
      "/auth/login?redirectTo=%2Freservations%2Flist",
    );
    // The session is gone: the same cookie finds nothing.
    await expect(requireProvider(...(await request()))).rejects.toBeInstanceOf(Response);
  });

  test("the draft saved before the session ended is there after the next sign-in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const before = await signedInRequest("returning-clerk");
    const wizard = await loadWizard(...(await before()), {});
    const hotel = { propertyId: 2101 } as unknown as Draft["hotel"];
    await wizard.save({ ...wizard.draft, hotel });
    vi.setSystemTime(Date.now() + (env.SESSION_IDLE_MINUTES + 1) * 60_000);
    await expect(loadWizard(...(await before()), {})).rejects.toBeInstanceOf(Response);
    const after = await signedInRequest("returning-clerk");
    const resumed = await loadWizard(...(await after()), {});
    expect(resumed.draft.hotel).toEqual(hotel);
    // Saved by the session that ended: the wizard offers to continue it or start over.
    expect(resumed.fromAnotherSession).toBe(true);
  });
});

describe("sessions that end whatever the use", () => {
  afterEach(() => vi.useRealTimers());

  test("a session ends SESSION_MAX_HOURS after its sign-in, however often it is used", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const request = await signedInRequest();
    const started = Date.now();
    // Used every 50 minutes: never idle.
    while (Date.now() - started < env.SESSION_MAX_HOURS * 3_600_000 - 50 * 60_000) {
      vi.setSystemTime(Date.now() + 50 * 60_000);
      await expect(requireProvider(...(await request()))).resolves.toMatchObject({
        token: "provider-token",
      });
    }
    vi.setSystemTime(started + env.SESSION_MAX_HOURS * 3_600_000 + 1000);
    await expect(requireProvider(...(await request()))).rejects.toBeInstanceOf(Response);
  });

  test("a keep-alive write does not bring back a session signed out meanwhile", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const request = await signedInRequest();
    // A request of the session reads it, a sign-out deletes it, then the request writes its use.
    const reading = await (await request())[1].session();
    await sessionStorage.destroySession(await (await request())[1].session());
    vi.setSystemTime(Date.now() + 2 * 60_000);
    reading.set("lastSeenAt", Date.now());
    await sessionStorage.commitSession(reading);
    await expect(requireProvider(...(await request()))).rejects.toBeInstanceOf(Response);
  });

  test("a password change ends the user's other sessions, whatever letter case they signed in with, and gives this one a new id", async () => {
    const here = await signedInRequest("changer");
    // The provider takes a user name in any letter case: another browser signed in as "CHANGER".
    const elsewhere = await signedInRequest("CHANGER");
    const someoneElse = await signedInRequest("bystander");
    const renewed = (await renewSessionAlone((await here())[1], "new-provider-token")).split(
      ";",
    )[0];
    await expect(requireProvider(...(await here()))).rejects.toBeInstanceOf(Response);
    await expect(requireProvider(...(await elsewhere()))).rejects.toBeInstanceOf(Response);
    await expect(requireProvider(...(await someoneElse()))).resolves.toMatchObject({
      token: "provider-token",
    });
    const fresh = await requestWithContext("http://portal/reservations/list", renewed);
    await expect(requireProvider(...fresh)).resolves.toMatchObject({ token: "new-provider-token" });
  });
});

describe("signing in", () => {
  test("gives the browser a new form token: none shown before the sign-in is taken after it", async () => {
    const [before, beforeCookie] = await csrf.commitToken();
    const [, context] = await requestWithContext("http://portal/auth/login", beforeCookie!);
    const signIn = await startSession(context, {
      token: "provider-token",
      userName: "demo",
      redirectTo: null,
    });
    const csrfCookie = signIn.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("csrf="))!
      .split(";")[0];
    const form = (token: string) => {
      const body = new FormData();
      body.set("csrf", token);
      return body;
    };
    const after = await csrf.getToken(new Headers({ Cookie: csrfCookie }));
    expect(after).not.toBe(before);
    await expect(csrf.validate(form(after), new Headers({ Cookie: csrfCookie }))).resolves.toBe(
      undefined,
    );
    await expect(
      csrf.validate(form(before), new Headers({ Cookie: csrfCookie })),
    ).rejects.toMatchObject({ code: "mismatched_token" });
  });
});
