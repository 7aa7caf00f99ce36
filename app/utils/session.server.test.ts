import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test, vi } from "vitest";
import { env } from "./env.server";
import { getSession, sessionStorage } from "./session.server";

describe("file session storage (the default)", () => {
  afterAll(() => rmSync(env.SESSION_DIR, { recursive: true, force: true }));

  test("the cookie carries only a signed id; the token stays in a file on the server", async () => {
    const session = await sessionStorage.getSession();
    session.set("token", "provider-token-123");
    session.set("userName", "demo");
    const setCookie = await sessionStorage.commitSession(session);
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain("provider-token-123");

    const stored = readdirSync(env.SESSION_DIR, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile(),
    );
    expect(
      stored.some((entry) =>
        readFileSync(join(entry.parentPath, entry.name), "utf8").includes("provider-token-123"),
      ),
    ).toBe(true);

    const again = await sessionStorage.getSession(setCookie.split(";")[0]);
    expect(again.get("token")).toBe("provider-token-123");
    await sessionStorage.destroySession(again);
    expect((await sessionStorage.getSession(setCookie.split(";")[0])).get("token")).toBeUndefined();
  });
});

describe("getSession", () => {
  test("reads a request's session from the store once, however many loaders ask", async () => {
    const session = await sessionStorage.getSession();
    session.set("userName", "demo");
    const cookie = (await sessionStorage.commitSession(session)).split(";")[0];
    const request = new Request("http://portal.test/dashboard", { headers: { Cookie: cookie } });
    const reads = vi.spyOn(sessionStorage, "getSession");
    const [layouts, pages] = await Promise.all([getSession(request), getSession(request)]);
    expect(layouts).toBe(pages);
    expect(layouts.get("userName")).toBe("demo");
    expect(reads).toHaveBeenCalledTimes(1);
    // Another request (the next page) reads the store again.
    await getSession(new Request(request.url, { headers: { Cookie: cookie } }));
    expect(reads).toHaveBeenCalledTimes(2);
    reads.mockRestore();
    await sessionStorage.destroySession(layouts);
  });
});
