import {
  MaxPartSizeExceededError,
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

/**
 * A form with a file (multipart), read as it streams in: a file part larger than `maxFileBytes`
 * stops the reading there, so an oversized upload never fills memory or disk. Then the fields sent
 * before the file are still there (`tooLarge` names the file field), so the user's values come
 * back; a form must put its file input last. CSRF is checked as for every form.
 */
export async function readUploadForm(
  request: Request,
  maxFileBytes: number,
): Promise<{ formData: FormData; tooLarge: string | null }> {
  if (!MULTIPART.test(request.headers.get("Content-Type") ?? ""))
    throw await badBody(request, 415, "errors.unsupportedBody");
  const seen = new FormData();
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: maxFileBytes });
  let current = "";
  const handler: UploadHandler = async (part) => {
    current = part.name;
    const value = await memory(part);
    if (typeof value === "string") seen.append(part.name, value);
    return value;
  };
  let formData: FormData;
  let tooLarge: string | null = null;
  try {
    formData = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (!(error instanceof MaxPartSizeExceededError))
      throw await badBody(request, 400, "errors.malformedBody");
    formData = seen;
    tooLarge = current;
  }
  await validateCSRF(formData, request);
  return { formData, tooLarge };
}
