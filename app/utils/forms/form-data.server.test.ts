import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { requestWithContext } from "#tests/request-context";
import { MAX_RECEIPT_BYTES } from "~/utils/money/receipt";
import { csrf } from "~/utils/session/csrf.server";
import { readUploadForm } from "./form-data.server";

// Uploads go to a folder of this file's own, where their size can be read as they stream in.
const uploads = mkdtempSync(join(tmpdir(), "upload-test-"));
process.env.TMPDIR = uploads;
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

const MB = 1024 * 1024;
const CHUNK = 256 * 1024;

/** Bytes in the upload folders now: what a file being received has put on disk so far. */
function bytesOnDisk() {
  return readdirSync(uploads)
    .filter((name) => name.startsWith("portal-upload-"))
    .flatMap((folder) =>
      readdirSync(join(uploads, folder)).map((file) => statSync(join(uploads, folder, file)).size),
    )
    .reduce((sum, size) => sum + size, 0);
}

test("a receipt past its limit is dropped as it streams in: never more than the limit on disk, read to its end, every other field kept", async () => {
  const [token, setCookie] = await csrf.commitToken();
  const url = "http://portal/orders/order-details/3001/receipt";
  const [, context] = await requestWithContext(url);
  const fileBytes = 12 * MB;
  const head =
    `--portal\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${token}\r\n` +
    `--portal\r\nContent-Disposition: form-data; name="receiptNumber"\r\n\r\nRC-STREAMED-12MB\r\n` +
    `--portal\r\nContent-Disposition: form-data; name="receipt"; filename="photo.png"\r\n` +
    "Content-Type: image/png\r\n\r\n";
  const tail = "\r\n--portal--\r\n";
  let sent = 0;
  let largestOnDisk = 0;
  // Sent without a length, a chunk whenever the portal asks for one, as a phone's upload streams.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
    },
    pull(controller) {
      largestOnDisk = Math.max(largestOnDisk, bytesOnDisk());
      if (sent >= fileBytes) {
        controller.enqueue(new TextEncoder().encode(tail));
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(CHUNK).fill(0x42));
      sent += CHUNK;
    },
  });
  const request = new Request(url, {
    method: "POST",
    body,
    duplex: "half",
    headers: {
      "Content-Type": "multipart/form-data; boundary=portal",
      Cookie: setCookie!.split(";")[0],
    },
  } as RequestInit);

  const { formData, tooLarge, cleanup } = await readUploadForm(request, context, MAX_RECEIPT_BYTES);
  largestOnDisk = Math.max(largestOnDisk, bytesOnDisk());
  await cleanup();

  expect(sent, "the whole file read, so the browser gets an answer").toBe(fileBytes);
  expect(tooLarge).toBe("receipt");
  expect(formData.get("receipt")).toBeNull();
  expect(formData.get("receiptNumber")).toBe("RC-STREAMED-12MB");
  expect(largestOnDisk).toBeGreaterThan(0);
  expect(largestOnDisk).toBeLessThanOrEqual(MAX_RECEIPT_BYTES);
  expect(bytesOnDisk()).toBe(0);
});
