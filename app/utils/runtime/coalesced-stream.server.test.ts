import { PassThrough, type Writable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
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

/**
 * A page as React's own renderer writes it (an input holding a Persian date, after `lead` bytes
 * of text), through `through` when given: its bytes.
 */
function rendered(lead: number, through?: () => Writable & NodeJS.ReadableStream) {
  return new Promise<Buffer>((resolve, reject) => {
    // Small pieces, as a page is made of: React copies those into its view (a large one it sends
    // on by itself).
    const page = createElement(
      "main",
      null,
      ...Array.from({ length: 130 }, (_, index) => createElement("span", { key: index }, "x")),
      createElement("p", { key: "lead" }, "a".repeat(lead)),
      createElement("input", {
        key: "date",
        name: "birthDate",
        defaultValue: "۱۳۶۹/۰۲/۲۴".repeat(40),
      }),
    );
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    out.on("end", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(page, {
      onAllReady() {
        if (!through) return void pipe(out);
        const stream = through();
        stream.pipe(out);
        pipe(stream);
      },
      onError: reject,
    });
  });
}

describe("a page React renders", () => {
  test("whose Persian value straddles React's 2,048-byte view comes through coalescedStream without a NUL", async () => {
    // Some lead puts a two-byte digit across the view's end whatever React writes before it.
    const leads = Array.from({ length: 28 }, (_, index) => index + 1);
    const padded = await Promise.all(leads.map((lead) => rendered(lead)));
    // React itself pads (the failure this guards against) for at least one of them...
    expect(padded.some((bytes) => bytes.includes(0))).toBe(true);
    // ...and through the stream no page carries one, every byte of the value kept.
    for (const lead of leads) {
      const bytes = await rendered(lead, coalescedStream);
      expect(bytes.includes(0), `lead ${lead}`).toBe(false);
      expect(bytes.toString()).toContain(`value="${"۱۳۶۹/۰۲/۲۴".repeat(40)}"`);
    }
  });
});
