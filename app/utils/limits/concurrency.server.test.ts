import { expect, test } from "vitest";
import { concurrencyLimit, oneAtATimePerKey } from "./concurrency.server";

test("runs at most `max` at a time, and every one in the end", async () => {
  const limit = concurrencyLimit(2);
  let running = 0;
  let most = 0;
  const work = (value: number) =>
    limit(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return value;
    });
  expect(await Promise.all([1, 2, 3, 4, 5].map(work))).toEqual([1, 2, 3, 4, 5]);
  expect(most).toBe(2);
});

test("a failure frees its place", async () => {
  const limit = concurrencyLimit(1);
  await expect(limit(() => Promise.reject(new Error("no")))).rejects.toThrow("no");
  expect(await limit(async () => "next")).toBe("next");
});

test("one key's work runs in turn, in order; other keys' side by side", async () => {
  const inTurn = oneAtATimePerKey();
  const log: string[] = [];
  const work = (key: string, name: string) =>
    inTurn(key, async () => {
      log.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`${name} ends`);
    });
  await Promise.all([work("a", "a1"), work("a", "a2"), work("b", "b1")]);
  expect(log.indexOf("a2 starts")).toBeGreaterThan(log.indexOf("a1 ends"));
  expect(log.indexOf("b1 starts")).toBeLessThan(log.indexOf("a1 ends"));
  // A failure does not hold the key.
  await expect(inTurn("a", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
  expect(await inTurn("a", async () => "next")).toBe("next");
});
