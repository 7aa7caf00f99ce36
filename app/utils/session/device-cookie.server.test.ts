import { afterEach, describe, expect, test, vi } from "vitest";
import { forgetDevices, knownDeviceOf, rememberDevice } from "./device-cookie.server";

afterEach(() => vi.useRealTimers());

const DAY_MS = 24 * 60 * 60_000;

/** Moves the clock `days` on (the record store reads the same clock). */
function daysLater(days: number) {
  const later = Date.now() + days * DAY_MS;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(later);
}

/** A browser that signs in as `user`: its device cookie, or null when it was not made a device. */
const signInFrom = (cookie: string | null, user: string) =>
  rememberDevice(browserWith(cookie), user);

const browserWith = (setCookie: string | null) =>
  new Request("http://portal/auth/login", {
    headers: setCookie ? { Cookie: setCookie.split(";")[0] } : {},
  });

describe("device cookies", () => {
  test("a browser is a known device of the users it signed in as, whatever their letter case", async () => {
    let cookie = (await rememberDevice(browserWith(null), "demo"))!;
    cookie = (await rememberDevice(browserWith(cookie), "agent2"))!;
    const demo = await knownDeviceOf(browserWith(cookie), "DEMO");
    expect(demo).toMatch(/^[0-9a-f]{32}$/);
    expect(await knownDeviceOf(browserWith(cookie), "agent2")).toMatch(/^[0-9a-f]{32}$/);
    expect(await knownDeviceOf(browserWith(cookie), "agent2")).not.toBe(demo);
    expect(await knownDeviceOf(browserWith(cookie), "agent3")).toBeNull();
  });

  test("a new sign-in gives the user a new id; a browser keeps its last ten users", async () => {
    const demo = `demo-${Date.now()}`;
    let cookie = (await rememberDevice(browserWith(null), demo))!;
    const before = await knownDeviceOf(browserWith(cookie), demo);
    cookie = (await rememberDevice(browserWith(cookie), demo))!;
    expect(await knownDeviceOf(browserWith(cookie), demo)).not.toBe(before);
    for (let user = 0; user < 10; user++)
      cookie = (await rememberDevice(browserWith(cookie), `clerk${user}`))!;
    expect(await knownDeviceOf(browserWith(cookie), demo)).toBeNull();
    expect(await knownDeviceOf(browserWith(cookie), "clerk0")).not.toBeNull();
  });

  test("a cookie written by anyone but the portal names no device", async () => {
    const cookie = (await rememberDevice(browserWith(null), "demo"))!;
    const [name, value] = cookie.split(";")[0].split("=");
    const signature = decodeURIComponent(value).split(".")[1];
    const forgedPayload = btoa(
      JSON.stringify([{ user: "agent2", device: "0123456789abcdef0123456789abcdef" }]),
    );
    const forged = `${name}=${encodeURIComponent(`${forgedPayload}.${signature}`)}`;
    expect(await knownDeviceOf(browserWith(forged), "agent2")).toBeNull();
    const unsigned = `${name}=${encodeURIComponent(forgedPayload)}`;
    expect(await knownDeviceOf(browserWith(unsigned), "agent2")).toBeNull();
  });

  test("a password change forgets every device of its user; the browser that made it gets a new one", async () => {
    const user = `changed-${Date.now()}`;
    const elsewhere = await rememberDevice(browserWith(null), user);
    const here = await rememberDevice(browserWith(null), user);
    expect(await knownDeviceOf(browserWith(elsewhere), user)).not.toBeNull();
    await forgetDevices(user);
    expect(await knownDeviceOf(browserWith(elsewhere), user)).toBeNull();
    expect(await knownDeviceOf(browserWith(here), user)).toBeNull();
    const renewed = await rememberDevice(browserWith(here), user);
    expect(await knownDeviceOf(browserWith(renewed), user)).not.toBeNull();
    expect(await knownDeviceOf(browserWith(elsewhere), user)).toBeNull();
  });

  test("a browser first seen becomes a device at most five times a day", async () => {
    const user = `new-${Date.now()}`;
    const today = [];
    for (let browser = 0; browser < 7; browser++) today.push(await signInFrom(null, user));
    expect(today.map((cookie) => cookie !== null)).toEqual([...Array(5).fill(true), false, false]);
    // A known browser signing in again is not a new one.
    expect(await signInFrom(today[0], user)).not.toBeNull();
    daysLater(1);
    expect(await signInFrom(null, user)).not.toBeNull();
  });

  test("the clerk's PC, used in the last thirty days, stays known whoever signs in from fresh browsers", async () => {
    const user = `kept-${Date.now()}`;
    let clerk = await signInFrom(null, user);
    // Four days of an attacker with the password filling the list with fresh browsers.
    const minted: string[] = [];
    for (let day = 0; day < 4; day++) {
      daysLater(1);
      for (let browser = 0; browser < 5; browser++) {
        const cookie = await signInFrom(null, user);
        if (cookie) minted.push(cookie);
      }
    }
    expect(minted).toHaveLength(19);
    // The list is full (20): a browser first seen today takes no one's place.
    daysLater(1);
    expect(await signInFrom(null, user)).toBeNull();
    expect(await knownDeviceOf(browserWith(clerk), user)).not.toBeNull();
    // A month on, the clerk still signs in every day from her PC; the attacker's browsers were not
    // used since: the least recently used of them makes way for a new one, never her PC.
    for (let day = 0; day < 31; day++) {
      daysLater(1);
      clerk = (await signInFrom(clerk, user))!;
    }
    expect(await signInFrom(null, user)).not.toBeNull();
    expect(await knownDeviceOf(browserWith(clerk), user)).not.toBeNull();
    expect(await knownDeviceOf(browserWith(minted[0]), user)).toBeNull();
    expect(await knownDeviceOf(browserWith(minted[1]), user)).not.toBeNull();
  });

  test("signing in again replaces the browser's own entry, not another device's", async () => {
    const user = `again-${Date.now()}`;
    const other = await rememberDevice(browserWith(null), user);
    let mine = await rememberDevice(browserWith(null), user);
    for (let again = 0; again < 25; again++) mine = await rememberDevice(browserWith(mine), user);
    expect(await knownDeviceOf(browserWith(other), user)).not.toBeNull();
  });
});
