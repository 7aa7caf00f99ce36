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
