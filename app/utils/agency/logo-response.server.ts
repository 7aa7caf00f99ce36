/**
 * A stored logo as an image answer: its checked type, never sniffed by the browser, and no
 * script may run in it. A version in the address (`?v=`) changes with each save, so it is cached.
 */
export function logoResponse(
  logo: { bytes: Buffer; type: string } | null,
  cache: "private" | "public",
) {
  if (!logo) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(logo.bytes), {
    headers: {
      "Content-Type": logo.type,
      "Content-Length": String(logo.bytes.length),
      "Cache-Control": `${cache}, max-age=86400`,
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}
