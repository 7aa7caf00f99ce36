import { describe, expect, test } from "vitest";
import { parseEnv } from "./env.server";

describe("environment", () => {
  test("production refuses to start without SESSION_SECRET, and says why", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /SESSION_SECRET: is required in production/,
    );
  });

  test("defaults fill what is not set; empty values count as unset", () => {
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s", REDIS_URL: "" });
    expect(env.PROVIDER_TIMEOUT_MS).toBe(15000);
    expect(env.APP_VERSION).toBe("3.15.1");
    expect(env.REDIS_URL).toBeUndefined();
  });

  test("a malformed value is reported by name", () => {
    expect(() => parseEnv({ PROVIDER_API_URL: "not a url" })).toThrow(/PROVIDER_API_URL/);
    expect(() => parseEnv({ PROVIDER_TIMEOUT_MS: "-1" })).toThrow(/PROVIDER_TIMEOUT_MS/);
  });
});
