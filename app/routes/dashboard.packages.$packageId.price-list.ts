import { downloadHeaders } from "~/utils/http/file-download.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { HOME_PATH, requireProvider } from "~/utils/session/auth.server";
import { readForm } from "~/utils/forms/form-data.server";
import { downloadPackagePriceList, logPackageDownload } from "~/utils/provider/packages.server";
import { describeProviderError, ProviderError } from "~/utils/provider/request.server";
import { redirectWithToast } from "~/utils/session/toast.server";

const FALLBACK_FILE_NAME = "price-list";

/**
 * A package's price list: streams the provider's file as a download (`downloadHeaders`) and, once the
 * file is on its way, records the download with the provider (POST /api/AccommodationPackageClient).
 * A POST from a native form, since it writes the log; on failure, back to the dashboard with a message.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const provider = await requireProvider(request, context);
  const formData = await readForm(request, context);
  const accommodationPackageId = Number(params.packageId);
  const partyId = Number(formData.get("partyId"));
  if (!Number.isInteger(accommodationPackageId) || !Number.isInteger(partyId)) {
    throw new Response("Unknown package", { status: 400 });
  }
  try {
    const file = await downloadPackagePriceList(provider, { accommodationPackageId, partyId });
    // Only a download that is on its way counts. The log does not hold up the file, and must not
    // be cut off when the browser's request ends with the download, hence no abort signal.
    logPackageDownload({ ...provider, signal: undefined }, accommodationPackageId).catch(
      (error: unknown) =>
        console.warn(`Download log for package ${accommodationPackageId}:`, error),
    );
    const headers = downloadHeaders(file, FALLBACK_FILE_NAME);
    return new Response(file.body, { headers });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const t = context.translator();
    return redirectWithToast(HOME_PATH, {
      type: "error",
      message: describeProviderError(error, t),
    });
  }
}

export async function loader(_: LoaderFunctionArgs) {
  return redirect(HOME_PATH);
}
