import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProvider } from "~/utils/session/auth.server";
import {
  DASHBOARD_PICTURE_GROUP,
  getPictures,
  getPublicFile,
} from "~/utils/provider/pictures.server";
import { ProviderError, type ProviderContext } from "~/utils/provider/request.server";
import { isPlainFileName } from "~/utils/http/file-download.server";

function isRedirect(error: unknown): error is Response {
  return error instanceof Response && error.status >= 300 && error.status < 400;
}

/**
 * A picture is no page. When the portal ends the session (idle, too old) while a banner loads, the
 * session ends here as it would on a page (its cookies, the "session ended" message, go with this
 * answer), but the browser is not sent to the sign-in page in place of an image: following that
 * redirect would show the message to an `<img>`, and the next page would open the sign-in page
 * without it.
 */
function pictureRefused(redirect: Response) {
  const headers = new Headers(redirect.headers);
  headers.delete("Location");
  return new Response(null, { status: 401, headers });
}

/**
 * A dashboard banner picture (one of picture group 2's), fetched from the provider's public files
 * and passed through, so the browser only ever talks to the portal. Cached for a day: a banner's
 * file name changes with it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // When the provider refuses the token, a picture answers 401 and leaves the session to the next
  // page, whose own call ends it with the message. Ending it here would lose the message whenever
  // the browser drops the picture's answer unread, as it does when the user moves on meanwhile.
  const provider: ProviderContext = {
    ...(await requireProvider(request, context)),
    onUnauthorized: () => Promise.reject(new Response(null, { status: 401 })),
  };
  const fileName = params.fileName ?? "";
  if (!isPlainFileName(fileName)) throw new Response("Not found", { status: 404 });
  try {
    // Only a picture the dashboard shows: the provider's public files may hold other things
    // (receipts, at a provider that keeps them there) under names one could guess.
    const banners = await getPictures(provider, DASHBOARD_PICTURE_GROUP);
    if (!banners.some((banner) => banner.fileName === fileName))
      throw new Response("Not found", { status: 404 });
    const file = await getPublicFile(provider, fileName);
    const headers = new Headers({
      "Content-Type": file.headers.get("Content-Type") ?? "application/octet-stream",
      "Cache-Control": "private, max-age=86400",
      // Pictures are shown, never run: an SVG with a script in it stays inert.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    return new Response(file.body, { headers });
  } catch (error) {
    if (isRedirect(error)) throw pictureRefused(error);
    if (error instanceof ProviderError)
      throw new Response(null, { status: error.kind === "not-found" ? 404 : 502 });
    throw error;
  }
}
