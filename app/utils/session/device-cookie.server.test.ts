import { describe, expect, test } from "vitest";
import { forgetDevices, knownDeviceOf, rememberDevice } from "./device-cookie.server";

const browserWith = (setCookie: string | null) =>
  new Request("http://portal/auth/login", {
    headers: setCookie ? { Cookie: setCookie.split(";")[0] } : {},
  });

describe("device cookies", () => {
  test("a browser is a known device of the users it signed in as, whatever their letter case", async () => {
    let cookie = await rememberDevice(browserWith(null), "demo");
    cookie = await rememberDevice(browserWith(cookie), "agent2");
    const demo = await knownDeviceOf(browserWith(cookie), "DEMO");
    expect(demo).toMatch(/^[0-9a-f]{32}$/);
    expect(await knownDeviceOf(browserWith(cookie), "agent2")).toMatch(/^[0-9a-f]{32}$/);
    expect(await knownDeviceOf(browserWith(cookie), "agent2")).not.toBe(demo);
    expect(await knownDeviceOf(browserWith(cookie), "agent3")).toBeNull();
  });

  test("a new sign-in gives the user a new id; a browser keeps its last ten users", async () => {
    let cookie = await rememberDevice(browserWith(null), "demo");
    const before = await knownDeviceOf(browserWith(cookie), "demo");
    cookie = await rememberDevice(browserWith(cookie), "demo");
    expect(await knownDeviceOf(browserWith(cookie), "demo")).not.toBe(before);
    for (let user = 0; user < 10; user++)
      cookie = await rememberDevice(browserWith(cookie), `clerk${user}`);
    expect(await knownDeviceOf(browserWith(cookie), "demo")).toBeNull();
    expect(await knownDeviceOf(browserWith(cookie), "clerk0")).not.toBeNull();
  });

  test("a cookie written by anyone but the portal names no device", async () => {
    const cookie = await rememberDevice(browserWith(null), "demo");
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

  test("a user's last twenty devices are known; a cookie minted before them no longer is", async () => {
    const user = `minted-${Date.now()}`;
    const first = await rememberDevice(browserWith(null), user);
    const minted = [];
    for (let device = 0; device < 20; device++)
      minted.push(await rememberDevice(browserWith(null), user));
    expect(await knownDeviceOf(browserWith(first), user)).toBeNull();
    for (const cookie of minted)
      expect(await knownDeviceOf(browserWith(cookie), user)).not.toBeNull();
  });

  test("signing in again replaces the browser's own entry, not another device's", async () => {
    const user = `again-${Date.now()}`;
    const other = await rememberDevice(browserWith(null), user);
    let mine = await rememberDevice(browserWith(null), user);
    for (let again = 0; again < 25; again++) mine = await rememberDevice(browserWith(mine), user);
    expect(await knownDeviceOf(browserWith(other), user)).not.toBeNull();
  });
});
