/**
 * The Content-Security-Policy of pages (the headers every answer carries are set by the portal's
 * server, server/index.ts): scripts only from
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
