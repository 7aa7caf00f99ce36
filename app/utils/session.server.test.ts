import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { env } from "./env.server";
import { sessionStorage } from "./session.server";

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
