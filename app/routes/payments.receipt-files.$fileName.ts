import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProvider } from "~/utils/session/auth.server";
import { downloadHeaders, isPlainFileName } from "~/utils/http/file-download.server";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import { getReceiptFile } from "~/utils/provider/payments.server";

/**
 * A receipt's file as the agency sent it (GET /api/UploadPublicFiles/{name}), from the payments
 * list: asked for with the clerk's token, so the provider serves its own agency's files only (404
 * for another's), and streamed through as a download (`downloadHeaders`), never shown.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const fileName = params.fileName ?? "";
  if (!isPlainFileName(fileName)) throw new Response("Not found", { status: 404 });
  const file = await orProviderErrorPage(context, getReceiptFile(provider, fileName));
  return new Response(file.body, { headers: downloadHeaders(file, fileName) });
}
