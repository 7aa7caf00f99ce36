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
