import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProvider } from "~/utils/session/auth.server";
import {
  downloadErrorPage,
  downloadHeaders,
  isReceiptFileName,
  orDownloadErrorPage,
} from "~/utils/http/file-download.server";
import { getReceiptFile } from "~/utils/provider/payments.server";

/**
 * A receipt's file as the agency sent it (GET /api/UploadPublicFiles/{name}), from the payments
 * list: asked for with the clerk's token, so the provider serves its own agency's files only (404
 * for another's), and streamed through as a download (`downloadHeaders`), never shown. A link
 * followed: a name that is not a receipt's, or a file the provider does not serve, is a page.
 */
const BACK_TO = "/payments";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const fileName = params.fileName ?? "";
  if (!isReceiptFileName(fileName)) throw downloadErrorPage(context, 404, BACK_TO);
  const file = await orDownloadErrorPage(context, getReceiptFile(provider, fileName), BACK_TO);
  return new Response(file.body, { headers: downloadHeaders(file, fileName) });
}
