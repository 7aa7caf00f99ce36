import { openAsBlob } from "node:fs";
import { chmod, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  MaxPartSizeExceededError,
  NodeOnDiskFile,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type AppLoadContext,
  type UploadHandler,
} from "@remix-run/node";
import { intentFromButtonName } from "~/utils/forms/intent-button";
import { parseWithZod } from "@conform-to/zod";
import { showAsTyped, withLatinDigits } from "~/utils/forms/typed-digits";
import { validateCSRF } from "~/utils/session/csrf.server";
import { bodyLimitFor, limits } from "~/utils/http/http-layer.server";
import { MAX_RECEIPT_BYTES } from "~/utils/money/receipt";

/** The body types an HTML form can send; anything else never came from one of our forms. */
const FORM_CONTENT_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Every action reads its body here: a form post, checked against the CSRF token, its typed digits
 * read as digits (`typed-digits.ts`). A body no form can send (JSON, say) answers 415 and one that
 * cannot be parsed (a broken multipart body) 400, each with a translated message, instead of
 * `request.formData()` throwing a 500.
 */
export async function readForm(request: Request, context: AppLoadContext): Promise<FormData> {
  const formData = await readFormData(request, context);
  await validateCSRF(formData, request, context);
  return withLatinDigits(formData);
}

/**
 * `parseWithZod` for a form `readForm` (or `readUploadForm`) read: its values are read with Latin
 * digits, and a reply shows them again as typed.
 */
export const parseTypedForm = ((formData: FormData, options: never) => {
  const submission = parseWithZod(formData, options) as { payload: unknown };
  showAsTyped(submission.payload, formData);
  return submission;
}) as typeof parseWithZod;

async function readFormData(request: Request, context: AppLoadContext) {
  if (!FORM_CONTENT_TYPE.test(request.headers.get("Content-Type") ?? "")) {
    throw badBody(context, 415, "errors.unsupportedBody");
  }
  const { limited, overflowed } = withinLimit(request, bodyLimitFor(new URL(request.url).pathname));
  let formData: FormData;
  try {
    formData = await limited.formData();
  } catch {
    if (overflowed()) throw badBody(context, 413, "errors.bodyTooLarge");
    throw badBody(context, 400, "errors.malformedBody");
  }
  if (fieldCount(formData) > limits.formFields) throw badBody(context, 413, "errors.bodyTooLarge");
  return intentFromButtonName(formData);
}

function fieldCount(formData: FormData) {
  let count = 0;
  for (const _ of formData.keys()) count += 1;
  return count;
}

/**
 * The request with its body counted as it streams and cut at `limit` bytes. The server refuses a
 * `Content-Length` over the limit before reading; a body sent without one (chunked) is cut here,
 * so a form never holds more than its limit in memory.
 */
function withinLimit(request: Request, limit: number) {
  let received = 0;
  let over = false;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > limit) {
          over = true;
          controller.error(new Error(`The body is over its limit of ${limit} bytes`));
        } else controller.enqueue(chunk);
      },
    }),
    // Cancelling the request's own body would drop the connection before the refusal is sent;
    // the refusal closes it instead (`Connection: close`), and the rest is never read.
    { preventCancel: true },
  );
  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: counted ?? null,
    signal: request.signal,
    // Node's fetch needs it for a streamed body.
    duplex: "half",
  });
  return { limited, overflowed: () => over };
}

function badBody(context: AppLoadContext, status: 400 | 413 | 415, key: string) {
  const t = context.translator();
  const headers = status === 413 ? { Connection: "close" } : undefined;
  return Response.json(
    { message: t(key, { megabytes: Math.round(MAX_RECEIPT_BYTES / 1024 / 1024) }) },
    { status, headers },
  );
}

const MULTIPART = /^\s*multipart\/form-data\s*;/i;

const UPLOAD_FOLDER_PREFIX = "portal-upload-";
/** An upload folder older than this belongs to a process that died mid-upload. */
const ABANDONED_UPLOAD_MS = 60 * 60_000;

/** Removes the upload folders a process left behind when it died mid-upload (at start). */
async function sweepAbandonedUploads(parent = tmpdir()) {
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith(UPLOAD_FOLDER_PREFIX))) {
    const path = join(parent, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (mtimeMs < Date.now() - ABANDONED_UPLOAD_MS)
      await rm(path, { recursive: true, force: true });
  }
}
void sweepAbandonedUploads();

/** A form with a file has a few short fields beside it: each at most this long, this many in all. */
const TEXT_PART_LIMIT_BYTES = 16 * 1024;
const UPLOAD_PART_LIMIT = 50;
class TooManyParts extends Error {}

export type UploadForm = {
  formData: FormData;
  /** The file field that passed the size limit (read and dropped; every other field is there). */
  tooLarge: string | null;
  /** Deletes the files written to disk; call it once they have been passed on. */
  cleanup: () => Promise<void>;
};

/**
 * A form with a file (multipart), read as it streams in. Files are written to a temporary folder
 * as they arrive, never held whole in memory. A file past `maxFileBytes` (a phone's photo of a
 * receipt, a little too big) is read to its end and dropped, its first bytes with its folder: it
 * fills neither memory nor disk, every other field comes back so the form keeps the user's values,
 * and the whole body is read, so the browser gets the answer instead of a connection cut under
 * it. The body as a whole is bounded by its route's limit (`bodyLimitFor`): past it, 413.
 * Each file comes back as a `File` read from disk when used. CSRF is checked as for every form.
 */
export async function readUploadForm(
  request: Request,
  context: AppLoadContext,
  maxFileBytes: number,
): Promise<UploadForm> {
  if (!MULTIPART.test(request.headers.get("Content-Type") ?? ""))
    throw badBody(context, 415, "errors.unsupportedBody");
  const { limited, overflowed } = withinLimit(request, bodyLimitFor(new URL(request.url).pathname));
  const text = unstable_createMemoryUploadHandler({ maxPartSize: TEXT_PART_LIMIT_BYTES });
  // A folder of this upload's own, readable by the portal's user alone (mkdtemp makes it 0700),
  // removed with whatever is in it, a file cut off halfway included.
  const directory = await mkdtemp(join(tmpdir(), UPLOAD_FOLDER_PREFIX));
  const onDisk = unstable_createFileUploadHandler({ directory, maxPartSize: maxFileBytes });
  const cleanup = () => rm(directory, { recursive: true, force: true });
  let parts = 0;
  let tooLarge: string | null = null;
  const handler: UploadHandler = async (part) => {
    parts += 1;
    if (parts > UPLOAD_PART_LIMIT) throw new TooManyParts();
    if (part.filename === undefined) return text(part);
    const file = await onDisk({
      ...part,
      data: upTo(maxFileBytes, part.data, () => (tooLarge = part.name)),
    });
    if (tooLarge === part.name || !(file instanceof NodeOnDiskFile)) return undefined;
    await chmod(file.getFilePath(), 0o600);
    // A standard File, read from disk when used, so schemas can check it. Remix's NodeOnDiskFile
    // is no Blob: Node 24's FormData keeps such a value as the text "[object File]".
    const blob = await openAsBlob(file.getFilePath(), { type: file.type });
    return new File([blob], file.name, { type: file.type });
  };
  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(limited, handler);
  } catch (error) {
    await cleanup();
    // A body, a text field or a number of parts past its limit was not sent by the form.
    if (overflowed() || error instanceof TooManyParts || error instanceof MaxPartSizeExceededError)
      throw badBody(context, 413, "errors.bodyTooLarge");
    throw badBody(context, 400, "errors.malformedBody");
  }
  try {
    await validateCSRF(formData, request, context);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { formData: withLatinDigits(formData), tooLarge, cleanup };
}

/** A file's bytes up to `limit`; past it, the rest is read and dropped and `onOver` is told. */
async function* upTo(limit: number, data: AsyncIterable<Uint8Array>, onOver: () => void) {
  let received = 0;
  for await (const chunk of data) {
    received += chunk.byteLength;
    if (received <= limit) yield chunk;
    else if (received - chunk.byteLength <= limit) onOver();
  }
}
