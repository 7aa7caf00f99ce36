import { openAsBlob } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  MaxPartSizeExceededError,
  NodeOnDiskFile,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { validateCSRF } from "~/utils/csrf.server";
import { getTranslator } from "~/utils/i18n.server";

/** The body types an HTML form can send; anything else never came from one of our forms. */
const FORM_CONTENT_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Every action reads its body here: a form post, checked against the CSRF token. A body no form
 * can send (JSON, say) answers 415 and one that cannot be parsed (a broken multipart body) 400,
 * each with a translated message, instead of `request.formData()` throwing a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const formData = await readFormData(request);
  await validateCSRF(formData, request);
  return formData;
}

async function readFormData(request: Request) {
  if (!FORM_CONTENT_TYPE.test(request.headers.get("Content-Type") ?? "")) {
    throw await badBody(request, 415, "errors.unsupportedBody");
  }
  try {
    return await request.formData();
  } catch {
    throw await badBody(request, 400, "errors.malformedBody");
  }
}

async function badBody(request: Request, status: 400 | 415, key: string) {
  const t = await getTranslator(request);
  return Response.json({ message: t(key) }, { status });
}

const MULTIPART = /^\s*multipart\/form-data\s*;/i;

export type UploadForm = {
  formData: FormData;
  /** The file field that passed the size limit (the fields sent before it are still there). */
  tooLarge: string | null;
  /** Deletes the files written to disk; call it once they have been passed on. */
  cleanup: () => Promise<void>;
};

/**
 * A form with a file (multipart), read as it streams in. Files are written to a temporary folder
 * as they arrive, never held whole in memory, and the reading stops as soon as one passes
 * `maxFileBytes`: an oversized upload fills neither memory nor disk. Then the fields sent before
 * the file are still there, so the user's values come back; a form must put its file input last.
 * Each file comes back as a `File` read from disk when used. CSRF is checked as for every form.
 */
export async function readUploadForm(request: Request, maxFileBytes: number): Promise<UploadForm> {
  if (!MULTIPART.test(request.headers.get("Content-Type") ?? ""))
    throw await badBody(request, 415, "errors.unsupportedBody");
  const seen = new FormData();
  const text = unstable_createMemoryUploadHandler({ maxPartSize: 100_000 });
  const onDisk = unstable_createFileUploadHandler({
    directory: join(tmpdir(), "portal-uploads"),
    maxPartSize: maxFileBytes,
  });
  const written: NodeOnDiskFile[] = [];
  const cleanup = async () => {
    await Promise.all(written.map((file) => file.remove().catch(() => {})));
  };
  let current = "";
  const handler: UploadHandler = async (part) => {
    current = part.name;
    if (part.filename === undefined) {
      const value = await text(part);
      if (typeof value === "string") seen.append(part.name, value);
      return value;
    }
    const file = await onDisk(part);
    if (file instanceof NodeOnDiskFile) written.push(file);
    return file;
  };
  let parsed: FormData;
  let tooLarge: string | null = null;
  try {
    parsed = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    await cleanup();
    if (!(error instanceof MaxPartSizeExceededError))
      throw await badBody(request, 400, "errors.malformedBody");
    parsed = seen;
    tooLarge = current;
  }
  // A file on disk as a standard File (read from disk when sent on), so schemas can check it.
  const formData = new FormData();
  for (const [name, value] of parsed.entries()) {
    if (value instanceof NodeOnDiskFile) {
      const blob = await openAsBlob(value.getFilePath(), { type: value.type });
      formData.append(name, new File([blob], value.name, { type: value.type }));
    } else formData.append(name, value);
  }
  try {
    await validateCSRF(formData, request);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { formData, tooLarge, cleanup };
}
