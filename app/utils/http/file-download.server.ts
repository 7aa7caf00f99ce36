import type { AppLoadContext } from "@remix-run/node";
import { statusOf } from "~/utils/http/provider-errors.server";
import { plainPageResponse } from "~/utils/http/plain-page.server";
import { describeProviderError, ProviderError } from "~/utils/provider/request.server";

/**
 * A provider's file (an accounting report, a price list) handed to the browser from the portal's
 * own origin. Whatever the provider says of it, it is downloaded, never shown: always
 * `attachment`, a file name cleaned of paths, quotes and control characters, only the types such a
 * file may have (anything else is `application/octet-stream`), and a policy that runs nothing even
 * if a browser did show it. A provider answering `text/html` inline cannot run script here.
 */

const DOWNLOAD_TYPES = new Set([
  "application/pdf",
  // A receipt's scan or photo.
  "image/png",
  "image/jpeg",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-excel",
  "text/csv",
  "application/zip",
]);

const DOWNLOAD_POLICY = "default-src 'none'; sandbox";

/**
 * For a download's loader: a provider failure (no such file, not answering) becomes a small page
 * in the clerk's language with the status kept and a way back to `backTo`: a plain link followed
 * is a navigation, which must not end on a bare error body.
 */
export async function orDownloadErrorPage<T>(
  context: AppLoadContext,
  work: Promise<T>,
  backTo: string,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw downloadErrorPage(
      context,
      statusOf[error.kind],
      backTo,
      describeProviderError(error, context.translator()),
    );
  }
}

/** A download that cannot be served, as a page: `message`, or that there is no such file. */
export function downloadErrorPage(
  context: AppLoadContext,
  status: number,
  backTo: string,
  message?: string,
) {
  const t = context.translator();
  return plainPageResponse(status, {
    language: context.language,
    title: t("errors.downloadFailedTitle"),
    message: message ?? t("errors.noSuchFile"),
    back: { to: backTo, label: t("errors.goBack") },
  });
}

/**
 * A receipt's stored name as the provider gives it (`receipt-<uuid>.png`): Latin letters, digits,
 * dots, dashes and underscores only, so nothing in it means something to a provider that decodes
 * a path twice (`%`), and never "." or "..".
 */
export function isReceiptFileName(name: string) {
  return /^[A-Za-z0-9._-]{1,255}$/.test(name) && name !== "." && name !== "..";
}

/**
 * Any name the provider gives a file (spaces, Persian letters), but one file name only: no path
 * separators, no "." or "..", no control characters. Checked before the provider is asked.
 */
export function isPlainFileName(name: string) {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    name !== "." &&
    name !== ".." &&
    // eslint-disable-next-line no-control-regex
    !/[/\\\u0000-\u001f\u007f]/.test(name)
  );
}

/** The name a `Content-Disposition` header gives, if any (RFC 6266: `filename*` first). */
export function fileNameOf(disposition: string | null) {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Not valid percent-encoding: the plain name, if any, is next.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/** One file name, no folder: separators, quotes and control characters go; at most 120 characters. */
export function cleanFileName(name: string | null, fallback: string) {
  const cleaned = (name ?? "")
    .split(/[/\\]/)
    .at(-1)!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"*:<>?|]/g, "")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

export function downloadHeaders(file: Response, fallbackName: string) {
  const type = (file.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  const name = cleanFileName(fileNameOf(file.headers.get("Content-Disposition")), fallbackName);
  // Old browsers read the plain name (ASCII only); the others the exact one.
  const plain = name.replace(/[^\x20-\x7e]/g, "_");
  const headers = new Headers({
    "Content-Type": DOWNLOAD_TYPES.has(type) ? type : "application/octet-stream",
    "Content-Disposition": `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "Content-Security-Policy": DOWNLOAD_POLICY,
    "Cache-Control": "private, no-store",
  });
  const length = file.headers.get("Content-Length");
  if (length && /^\d+$/.test(length)) headers.set("Content-Length", length);
  return headers;
}
