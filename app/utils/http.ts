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
 * Besides remix-utils' checks (`//host`, `/\host`, `..`), refuses control characters and
 * backslashes anywhere: browsers drop tabs and newlines from a URL (`/<tab>/evil.example` becomes
 * `//evil.example`) and read `\` as `/`.
 */
export function safeRedirectPath(
  to: FormDataEntryValue | string | null | undefined,
  fallback: string,
) {
  if (typeof to !== "string") return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  return safeRedirect(to, fallback);
}
