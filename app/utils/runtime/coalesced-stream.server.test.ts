import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { coalescedStream, withoutReactsPadding } from "./coalesced-stream.server";

async function chunksOf(write: (stream: ReturnType<typeof coalescedStream>) => Promise<void>) {
  const stream = coalescedStream();
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  await write(stream);
  await ended;
  return chunks;
}

describe("coalescedStream", () => {
  test("what is written in one turn goes on as one chunk, a later write as another", async () => {
    const chunks = await chunksOf(async (stream) => {
      stream.write("<html>");
      stream.write("<body>");
      stream.write("<main>");
      await nextTurn();
      stream.write("<script>");
      await nextTurn();
      stream.end("</html>");
    });
    expect(chunks).toEqual(["<html><body><main>", "<script>", "</html>"]);
  });

  test("an end in the same turn as the writes loses nothing", async () => {
    const chunks = await chunksOf(async (stream) => {
      stream.write("a");
      stream.write("b");
      stream.end("c");
    });
    expect(chunks.join("")).toBe("abc");
  });
});

describe("withoutReactsPadding", () => {
  test("a full view of React's that ends in the NULs of a character that did not fit loses them", () => {
    const text = `${"a".repeat(2045)}۲`; // 2,047 bytes: the next two-byte character did not fit
    const view = Buffer.alloc(2048);
    view.write(text);
    expect(withoutReactsPadding(view).toString()).toBe(text);
  });

  test("any other piece goes on as it is", () => {
    const full = Buffer.from(`${"a".repeat(2046)}۲`);
    expect(full.length).toBe(2048);
    expect(withoutReactsPadding(full)).toBe(full);
    const short = Buffer.from("a\0");
    expect(withoutReactsPadding(short)).toBe(short);
  });
});
