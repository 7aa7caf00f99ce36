import { randomUUID } from "node:crypto";
import { describe, expect, test, vi } from "vitest";

// No wait before an unknown device's attempt but in the test that times it.
vi.hoisted(() => {
  process.env.SIGNIN_SLOWDOWN_MS = "0";
});

const { startSignInAttempt } = await import("./sign-in-throttle.server");
const { env } = await import("~/utils/runtime/env.server");

/** Wrong passwords for `userName`, one attempt per device id given, each failed if let through. */
async function guesses(userName: string, devices: Array<string | null>, clientAddress: string) {
  let letThrough = 0;
  for (const knownDevice of devices) {
    const attempt = await startSignInAttempt({ clientAddress, userName, knownDevice });
    if (attempt.lockedForMinutes !== null) continue;
    letThrough += 1;
    await attempt.fail();
  }
  return letThrough;
}

const someDevice = () => randomUUID().replaceAll("-", "");

describe("the sign-in throttle", () => {
  test("an unknown device waits longer at each failure of the user name, then is refused", async () => {
    const slowdown = 150;
    env.SIGNIN_SLOWDOWN_MS = slowdown;
    try {
      const userName = `guessed-${randomUUID()}`;
      const waits: number[] = [];
      for (let guess = 0; guess < env.SIGNIN_USER_MAX_FAILURES; guess++) {
        const asked = performance.now();
        const attempt = await startSignInAttempt({
          clientAddress: "198.51.100.9",
          userName,
          knownDevice: null,
        });
        waits.push(performance.now() - asked);
        if (attempt.lockedForMinutes !== null) throw new Error(`guess ${guess + 1} refused`);
        await attempt.fail();
      }
      // Each guess waits at least the slowdown for each failure before it (a timer may fire a
      // millisecond early); a first typo costs nothing.
      waits.forEach((waited, failuresBefore) =>
        expect(waited, `guess ${failuresBefore + 1}`).toBeGreaterThanOrEqual(
          failuresBefore * slowdown - 2,
        ),
      );
      const refused = await startSignInAttempt({
        clientAddress: "198.51.100.10",
        userName,
        knownDevice: null,
      });
      expect(refused.lockedForMinutes).toBeGreaterThan(0);
    } finally {
      env.SIGNIN_SLOWDOWN_MS = 0;
    }
  });

  test("a hundred known devices of a user give no more guesses than one", async () => {
    const user = `minted-${randomUUID()}`;
    const one = await guesses(user, Array(30).fill(someDevice()), "198.51.100.1");
    const otherUser = `minted-${randomUUID()}`;
    const many = await guesses(otherUser, Array.from({ length: 100 }, someDevice), "198.51.100.2");
    // Ten known-device places, then the user name's five as an unknown device.
    expect(one).toBe(env.SIGNIN_DEVICE_MAX_FAILURES + env.SIGNIN_USER_MAX_FAILURES);
    expect(many).toBe(one);
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
    });
    if (signIn.lockedForMinutes !== null) throw new Error("locked");
    await signIn.succeed();
    // The shared places: 10, 8 of them still taken by failures; mine free again.
    expect(await guesses(user, Array(10).fill(mine), "198.51.100.4")).toBe(
      env.SIGNIN_DEVICE_MAX_FAILURES - 8 + env.SIGNIN_USER_MAX_FAILURES,
    );
  });
});
