import { expect, test } from "vitest";
import { concurrencyLimit } from "./concurrency.server";

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
