import { randomUUID } from "node:crypto";
import { describe, expect, test, vi } from "vitest";

// No wait before an unknown device's attempt but in the test that times it.
vi.hoisted(() => {
  process.env.SIGNIN_SLOWDOWN_MS = "0";
  // An address past its budget takes turns this far apart: short but in the test that counts them.
  process.env.SIGNIN_CLIENT_PACE_MS = "20";
  process.env.SIGNIN_NETWORK_PACE_MS = "20";
});

const { startSignInAttempt } = await import("./sign-in-throttle.server");
const { env } = await import("~/utils/runtime/env.server");
const { metrics } = await import("~/utils/runtime/metrics.server");

/** Wrong passwords for `userName`, one attempt per device id given, each failed if let through. */
async function guesses(
  userName: string,
  devices: Array<string | null>,
  clientAddress: string,
  browser: string | null = null,
) {
  let letThrough = 0;
  for (const knownDevice of devices) {
    const attempt = await startSignInAttempt({ clientAddress, userName, knownDevice, browser });
    if (attempt.lockedForMinutes !== null) continue;
    letThrough += 1;
    await attempt.fail();
  }
  return letThrough;
}

const someDevice = () => randomUUID().replaceAll("-", "");

describe("the sign-in throttle", () => {
  test(
    "an unknown device waits longer at each failure of the user name, then is refused",
    {
      timeout: 20_000,
    },
    async () => {
      const slowdown = 150;
      env.SIGNIN_SLOWDOWN_MS = slowdown;
      try {
        const userName = `guessed-${randomUUID()}`;
        const waits: number[] = [];
        // The waits asked for, read off the timers the attempt sets: exact, whatever the machine's
        // load does to when they fire.
        const askedFor: number[] = [];
        const timers = vi.spyOn(globalThis, "setTimeout");
        for (let guess = 0; guess < env.SIGNIN_USER_MAX_FAILURES; guess++) {
          const asked = performance.now();
          timers.mockClear();
          const attempt = await startSignInAttempt({
            clientAddress: "198.51.100.9",
            userName,
            knownDevice: null,
            browser: null,
          });
          waits.push(performance.now() - asked);
          askedFor.push(Math.max(0, ...timers.mock.calls.map(([, ms]) => Number(ms ?? 0))));
          if (attempt.lockedForMinutes !== null) throw new Error(`guess ${guess + 1} refused`);
          await attempt.fail();
        }
        timers.mockRestore();
        // Each guess waits the slowdown for each failure before it, no more: a first typo costs
        // nothing, and the wait rises by one slowdown a failure (a flat wait fails here)...
        expect(askedFor).toEqual(askedFor.map((_, failuresBefore) => failuresBefore * slowdown));
        // ...and really waits it (a timer may fire a millisecond early).
        waits.forEach((waited, failuresBefore) =>
          expect(waited, `guess ${failuresBefore + 1}`).toBeGreaterThanOrEqual(
            failuresBefore * slowdown - 2,
          ),
        );
        const refused = await startSignInAttempt({
          clientAddress: "198.51.100.10",
          userName,
          knownDevice: null,
          browser: null,
        });
        expect(refused.lockedForMinutes).toBeGreaterThan(0);
      } finally {
        env.SIGNIN_SLOWDOWN_MS = 0;
      }
    },
  );

  test("known devices minted by the dozen give one guess each past the places they share, then none", async () => {
    const user = `minted-${randomUUID()}`;
    const one = await guesses(user, Array(30).fill(someDevice()), "198.51.100.1");
    // Ten known-device places, then the user name's five as an unknown device.
    expect(one).toBe(env.SIGNIN_DEVICE_MAX_FAILURES + env.SIGNIN_USER_MAX_FAILURES);
    // A user has at most twenty devices (device-cookie.server.ts): ten take the shared places,
    // the ten that have not failed keep a place each, and once each failed they are all demoted.
    const otherUser = `minted-${randomUUID()}`;
    const twenty = Array.from({ length: 20 }, someDevice);
    const first = await guesses(otherUser, twenty, "198.51.100.2");
    const again = await guesses(otherUser, [...twenty, ...twenty], "198.51.100.2");
    expect(first).toBe(20);
    expect(again).toBe(env.SIGNIN_USER_MAX_FAILURES);
  });

  test("one device's failures spend the places its user's devices share: the clerk's PC, which has not failed, stays known; the guessing device is demoted", async () => {
    const user = `colleague-${randomUUID()}`;
    const [oldCookie, clerksPc] = [someDevice(), someDevice()];
    expect(await guesses(user, Array(10).fill(oldCookie), "198.51.100.5")).toBe(10);
    const demotedBefore = await lockedBy("known_device");
    // Demoted: an unknown device, with the user name's five places, then the lock.
    expect(await guesses(user, Array(10).fill(oldCookie), "198.51.100.5")).toBe(
      env.SIGNIN_USER_MAX_FAILURES,
    );
    expect((await lockedBy("known_device")) - demotedBefore).toBe(10);
    const demoted = await startSignInAttempt({
      clientAddress: "198.51.100.5",
      userName: user,
      knownDevice: oldCookie,
      browser: null,
    });
    expect(demoted).toMatchObject({ demotedDevice: true });
    expect(demoted.lockedForMinutes).toBeGreaterThan(0);
    const clerk = await startSignInAttempt({
      clientAddress: "198.51.100.6",
      userName: user,
      knownDevice: clerksPc,
      browser: null,
    });
    expect(clerk.lockedForMinutes).toBeNull();
    expect(clerk.demotedDevice).toBeUndefined();
  });

  test("failures from unknown devices never lock a known device out", async () => {
    const user = `known-${randomUUID()}`;
    const outsiders = await guesses(
      user,
      Array(20).fill(null),
      // Many addresses: the user name's places, not one client's.
      "203.0.113.9",
    );
    expect(outsiders).toBe(env.SIGNIN_USER_MAX_FAILURES);
    const clerk = await startSignInAttempt({
      clientAddress: "198.51.100.3",
      userName: user,
      knownDevice: someDevice(),
      browser: null,
    });
    expect(clerk.lockedForMinutes).toBeNull();
  });

  test("a known device that signs in frees its own places; those its user's devices share stay taken for the window", async () => {
    const user = `forgets-${randomUUID()}`;
    const [mine, theirs] = [someDevice(), someDevice()];
    expect(await guesses(user, Array(4).fill(theirs), "198.51.100.4")).toBe(4);
    expect(await guesses(user, Array(4).fill(mine), "198.51.100.4")).toBe(4);
    const signIn = await startSignInAttempt({
      clientAddress: "198.51.100.4",
      userName: user,
      knownDevice: mine,
      browser: null,
    });
    if (signIn.lockedForMinutes !== null) throw new Error("locked");
    await signIn.succeed();
    // The shared places: 10, 8 of them still taken by failures; mine free again.
    expect(await guesses(user, Array(10).fill(mine), "198.51.100.4")).toBe(
      env.SIGNIN_DEVICE_MAX_FAILURES - 8 + env.SIGNIN_USER_MAX_FAILURES,
    );
  });

  test("a user name's lock for unknown devices starts at a minute and doubles at each lock of the day, up to the most", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const user = `relocked-${randomUUID()}`;
      const lockedFor: number[] = [];
      for (let lock = 0; lock < 7; lock++) {
        expect(await guesses(user, Array(5).fill(null), "198.51.100.40"), `lock ${lock}`).toBe(5);
        const refused = await startSignInAttempt({
          clientAddress: "198.51.100.41",
          userName: user,
          knownDevice: null,
          browser: null,
        });
        lockedFor.push(refused.lockedForMinutes ?? 0);
        // Just before the lock ends: still locked; then past it.
        vi.setSystemTime(Date.now() + lockedFor.at(-1)! * 60_000 - 5_000);
        expect(await guesses(user, [null], "198.51.100.41")).toBe(0);
        vi.setSystemTime(Date.now() + 6_000);
      }
      expect(lockedFor).toEqual([1, 2, 4, 8, 16, 30, 30]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("a lock counts as an attack on the account when its failures came from three addresses, or at the third lock of a day; a clerk's typos do not", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const locks = async () =>
      Object.fromEntries(
        (await metrics.registry.getSingleMetric("portal_sign_in_locks_total")!.get()).values.map(
          (value) => [value.labels.scope, value.value],
        ),
      );
    try {
      const before = await locks();
      const counted = async () => {
        const now = await locks();
        return {
          typos: (now.user_name ?? 0) - (before.user_name ?? 0),
          attacks: (now.user_name_attacked ?? 0) - (before.user_name_attacked ?? 0),
        };
      };
      // A clerk's five typos on a new PC: a lock, no attack.
      const clerk = `typos-${randomUUID()}`;
      expect(await guesses(clerk, Array(5).fill(null), "198.51.100.42")).toBe(5);
      expect(await counted()).toEqual({ typos: 1, attacks: 0 });
      // Five guesses from three addresses: an attack.
      const attacked = `spread-${randomUUID()}`;
      for (const address of ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
        await guesses(attacked, [null, null], address);
      expect(await counted()).toEqual({ typos: 1, attacks: 1 });
      // The clerk's account locked a second time that day is not; a third time from one address is.
      for (const expected of [
        { typos: 2, attacks: 1 },
        { typos: 2, attacks: 2 },
      ]) {
        vi.setSystemTime(Date.now() + 31 * 60_000);
        expect(await guesses(clerk, Array(5).fill(null), "198.51.100.42")).toBe(5);
        expect(await counted()).toEqual(expected);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  test("past its address's budget, a browser that keeps failing is locked out; a clerk's typo and then her password pass, slowed", async () => {
    const office = "198.51.100.43";
    // The office's budget spent, each failure at a user name of its own.
    for (let failure = 0; failure < env.SIGNIN_CLIENT_MAX_FAILURES; failure++)
      expect(await guesses(`office-${randomUUID()}`, [null], office, someDevice())).toBe(1);
    const slowedBefore = await slowedBy("client");
    const clerk = someDevice();
    expect(await guesses(`clerk-${randomUUID()}`, [null], office, clerk)).toBe(1);
    const signIn = await startSignInAttempt({
      clientAddress: office,
      userName: `clerk-${randomUUID()}`,
      knownDevice: null,
      browser: clerk,
    });
    expect(signIn.lockedForMinutes).toBeNull();
    expect((await slowedBy("client")) - slowedBefore).toBe(2);
    // A browser failing there again and again: its own places, then refused, whichever user name.
    const guesser = someDevice();
    const tried = [];
    for (let guess = 0; guess < 6; guess++)
      tried.push(await guesses(`sprayed-${randomUUID()}`, [null], office, guesser));
    expect(tried).toEqual([1, 1, 1, 0, 0, 0]);
    // No browser to tell apart: refused.
    expect(await guesses(`sprayed-${randomUUID()}`, [null], office, null)).toBe(0);
  });

  test("past its budget, an address's attempts take turns whatever their cookies: of 120 sent at once, one a turn reaches the provider, the rest are refused", async () => {
    const pace = 2_000;
    env.SIGNIN_CLIENT_PACE_MS = pace;
    try {
      const address = "198.51.100.45";
      for (let failure = 0; failure < env.SIGNIN_CLIENT_MAX_FAILURES; failure++)
        expect(await guesses(`spray-${randomUUID()}`, [null], address, someDevice())).toBe(1);
      const timers = vi.spyOn(globalThis, "setTimeout");
      const asked = () => timers.mock.calls.map(([, ms]) => Number(ms ?? 0));
      const sent = performance.now();
      const refusedAt: number[] = [];
      const attempts = await Promise.all(
        Array.from({ length: 120 }, async () => {
          const attempt = await startSignInAttempt({
            clientAddress: address,
            userName: `spray-${randomUUID()}`,
            knownDevice: null,
            browser: someDevice(),
          });
          if (attempt.lockedForMinutes !== null) refusedAt.push(performance.now() - sent);
          return attempt;
        }),
      );
      const through = attempts.filter((attempt) => attempt.lockedForMinutes === null);
      // The current turn and SIGNIN_CLIENT_QUEUE more; one more only if the claims straddled the
      // start of a turn.
      const straddled = Math.ceil(Math.max(...refusedAt) / pace);
      expect(through.length).toBeGreaterThanOrEqual(1);
      expect(through.length).toBeLessThanOrEqual(env.SIGNIN_CLIENT_QUEUE + 1 + straddled);
      for (const refused of attempts.filter((attempt) => attempt.lockedForMinutes !== null))
        expect(refused.lockedForMinutes).toBe(1);
      // Those of later turns waited for them: a wait asked for reaches past the claims into the
      // next turn (read off the timers set, not the clock a loaded machine skews).
      const claimsTook = Math.max(...refusedAt);
      expect(Math.max(0, ...asked())).toBeGreaterThanOrEqual(pace - claimsTook);
      timers.mockRestore();
    } finally {
      env.SIGNIN_CLIENT_PACE_MS = 20;
    }
  }, 30_000);

  test("past its budget, a network's addresses take turns together: of 30 sent at once from 30 addresses of one /24, one a turn reaches the provider", async () => {
    const [budget, pace] = [env.SIGNIN_NETWORK_MAX_FAILURES, env.SIGNIN_NETWORK_PACE_MS];
    env.SIGNIN_NETWORK_MAX_FAILURES = 5;
    env.SIGNIN_NETWORK_PACE_MS = 2_000;
    try {
      for (let failure = 0; failure < 5; failure++)
        expect(
          await guesses(`net-${randomUUID()}`, [null], `192.0.2.${failure + 1}`, someDevice()),
        ).toBe(1);
      const sent = performance.now();
      const refusedAt: number[] = [];
      const attempts = await Promise.all(
        Array.from({ length: 30 }, async (_, index) => {
          const attempt = await startSignInAttempt({
            clientAddress: `192.0.2.${100 + index}`,
            userName: `net-${randomUUID()}`,
            knownDevice: null,
            browser: someDevice(),
          });
          if (attempt.lockedForMinutes !== null) refusedAt.push(performance.now() - sent);
          return attempt;
        }),
      );
      const through = attempts.filter((attempt) => attempt.lockedForMinutes === null).length;
      const straddled = Math.ceil(Math.max(...refusedAt) / env.SIGNIN_NETWORK_PACE_MS);
      expect(through).toBeGreaterThanOrEqual(1);
      expect(through).toBeLessThanOrEqual(env.SIGNIN_CLIENT_QUEUE + 1 + straddled);
      // Another network is not held up by it.
      const elsewhere = await startSignInAttempt({
        clientAddress: "192.0.3.1",
        userName: `net-${randomUUID()}`,
        knownDevice: null,
        browser: someDevice(),
      });
      expect(elsewhere.lockedForMinutes).toBeNull();
    } finally {
      [env.SIGNIN_NETWORK_MAX_FAILURES, env.SIGNIN_NETWORK_PACE_MS] = [budget, pace];
    }
  }, 30_000);

  test("with the portal's budget of failures spent, an unknown device is slowed, not refused", async () => {
    const [budget, slowdown] = [env.SIGNIN_GLOBAL_MAX_FAILURES, env.SIGNIN_SLOWDOWN_MS];
    env.SIGNIN_GLOBAL_MAX_FAILURES = 1;
    env.SIGNIN_SLOWDOWN_MS = 150;
    try {
      // The failures of the tests before this one spent it.
      const slowedBefore = await slowedBy("all");
      const asked = performance.now();
      const attempt = await startSignInAttempt({
        clientAddress: "198.51.100.44",
        userName: `newcomer-${randomUUID()}`,
        knownDevice: null,
        browser: someDevice(),
      });
      expect(attempt.lockedForMinutes).toBeNull();
      expect(performance.now() - asked).toBeGreaterThanOrEqual(slowdown - 2);
      expect((await slowedBy("all")) - slowedBefore).toBe(1);
    } finally {
      [env.SIGNIN_GLOBAL_MAX_FAILURES, env.SIGNIN_SLOWDOWN_MS] = [budget, slowdown];
    }
  });
});

async function lockedBy(scope: string) {
  const { values } = await metrics.registry.getSingleMetric("portal_sign_in_locks_total")!.get();
  return values.find((value) => value.labels.scope === scope)?.value ?? 0;
}

async function slowedBy(budget: string) {
  const { values } = await metrics.registry.getSingleMetric("portal_sign_ins_slowed_total")!.get();
  return values.find((value) => value.labels.budget === budget)?.value ?? 0;
}
