import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createFileRecordStore } from "./draft-store.server";

const dir = mkdtempSync(join(tmpdir(), "records-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("file record store", () => {
  test("keeps records across store instances (a restart) until they expire", async () => {
    await createFileRecordStore(dir).set("draft:demo:new", { hotel: 1004 }, 60);
    const restarted = createFileRecordStore(dir);
    expect(await restarted.get("draft:demo:new")).toEqual({ hotel: 1004 });
    await restarted.set("short", 1, -1);
    expect(await restarted.get("short")).toBeNull();
    await restarted.delete("draft:demo:new");
    expect(await restarted.get("draft:demo:new")).toBeNull();
  });

  test("a claim is won once, however many ask at the same moment", async () => {
    const store = createFileRecordStore(dir);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => store.claim("submitting:key-1", { at: 1 }, 60)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // An expired claim can be taken again.
    await store.set("submitting:key-2", { at: 1 }, -1);
    expect(await store.claim("submitting:key-2", { at: 2 }, 60)).toBe(true);
  });

  test("an expired record is taken over by exactly one of the claims that find it", async () => {
    const store = createFileRecordStore(dir);
    for (let round = 0; round < 20; round += 1) {
      const key = `signin-failures:user:demo:${round}`;
      await store.set(key, { at: 1 }, -1);
      const claims = await Promise.all([
        ...Array.from({ length: 6 }, () => store.claim(key, { at: 2 }, 60)),
        // A read that finds the expired record clears it too: it must not clear a new one.
        store.get(key),
      ]);
      expect(claims.slice(0, 6).filter(Boolean)).toHaveLength(1);
      expect(await store.get(key)).toEqual({ at: 2 });
    }
  });
});
