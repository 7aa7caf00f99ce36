import { safeRedirect } from "remix-utils/safe-redirect";

/** Merges header sets; repeated Set-Cookie headers are all kept. */
export function combineHeaders(...sources: Array<HeadersInit | null | undefined>) {
  const combined = new Headers();
  for (const source of sources) {
    if (!source) continue;
    new Headers(source).forEach((value, key) => combined.append(key, value));
  }
  return combined;
}

/** The path and query of a URL, the form `redirectTo` takes. */
export function pathWithSearch(url: URL | string) {
  const { pathname, search } = typeof url === "string" ? new URL(url) : url;
  return `${pathname}${search}`;
}

/**
 * Where a user-given `redirectTo` may send the browser: a path of this site, else `fallback`.
 * Besides remix-utils' checks (`//host`, `/\host`, `..`), refuses anything but printable ASCII
 * without backslashes: browsers drop tabs and newlines from a URL (`/<tab>/evil.example` becomes
 * `//evil.example`) and read `\` as `/`, and a header cannot hold what is not ASCII.
 */
export function safeRedirectPath(
  to: FormDataEntryValue | string | null | undefined,
  fallback: string,
) {
  if (typeof to !== "string") return fallback;
  // Only printable ASCII, as a `Location` header can hold (the portal's own links are
  // percent-encoded): no control character, no backslash, no U+2028 that would fail the redirect.
  if (/[^\x21-\x5b\x5d-\x7e]/.test(to)) return fallback;
  return safeRedirect(to, fallback);
}
