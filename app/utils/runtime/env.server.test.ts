import { describe, expect, test } from "vitest";
import { parseEnv } from "./env.server";

const STRONG_SECRET = "8f3a9c1e5b7d2f4a6c8e0b1d3f5a7c9e";

describe("environment", () => {
  test("production refuses to start without SESSION_SECRET, and says why", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /SESSION_SECRET: is required in production/,
    );
  });

  test("production refuses a short or well-known secret, and names the variable", () => {
    for (const secret of [
      "x",
      "change-me",
      "change-me-please-this-is-long-enough-0123",
      `${"a".repeat(40)},short`,
      // Long, but guessed at once: too few different characters for a random string.
      "a".repeat(32),
      "abcabcabcabcabcabcabcabcabcabcabcabc",
    ])
      expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: secret })).toThrow(
        /SESSION_SECRET: is too weak for production/,
      );
    expect(() => parseEnv({ NODE_ENV: "development", SESSION_SECRET: "x" })).not.toThrow();
  });

  test("defaults fill what is not set; empty values count as unset", () => {
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: STRONG_SECRET, REDIS_URL: "" });
    expect(env.PROVIDER_TIMEOUT_MS).toBe(15000);
    expect(env.APP_VERSION).toBe("3.15.1");
    expect(env.REDIS_URL).toBeUndefined();
  });

  test("a malformed value is reported by name", () => {
    expect(() => parseEnv({ PROVIDER_API_URL: "not a url" })).toThrow(/PROVIDER_API_URL/);
    expect(() => parseEnv({ PROVIDER_TIMEOUT_MS: "-1" })).toThrow(/PROVIDER_TIMEOUT_MS/);
  });

  test("Redis under Sentinel: the Sentinels as host:port pairs, and never beside REDIS_URL", () => {
    expect(parseEnv({ REDIS_SENTINELS: "sentinel-1:26379,10.0.0.7:26379" })).toMatchObject({
      REDIS_SENTINELS: "sentinel-1:26379,10.0.0.7:26379",
      REDIS_SENTINEL_NAME: "mymaster",
    });
    expect(() => parseEnv({ REDIS_SENTINELS: "sentinel-1" })).toThrow(
      /REDIS_SENTINELS: is not host:port,host:port/,
    );
    expect(() =>
      parseEnv({ REDIS_SENTINELS: "sentinel-1:26379", REDIS_URL: "redis://redis:6379" }),
    ).toThrow(/REDIS_SENTINELS: and REDIS_URL are both set/);
  });
});
