/**
 * The headers every answer carries, and the Content-Security-Policy of pages: scripts only from
 * this origin and the page's own inline scripts (Remix's, with the request's nonce), nothing framing
 * the portal, no plugins. Styles may be inline (a few `style` attributes); no inline script may.
 */
export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** What every answer carries, files included (resource routes set these themselves). */
export function setCommonSecurityHeaders(headers: Headers) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  headers.set("X-Frame-Options", "DENY");
}

export function setSecurityHeaders(headers: Headers, request: Request) {
  setCommonSecurityHeaders(headers);
  // Behind a TLS-terminating proxy the request itself is plain HTTP; the proxy says what it was.
  const https =
    new URL(request.url).protocol === "https:" ||
    request.headers.get("X-Forwarded-Proto")?.split(",")[0].trim() === "https";
  if (https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
