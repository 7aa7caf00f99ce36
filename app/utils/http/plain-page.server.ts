import { languageDirection, type Language } from "~/i18n";
import { safeRedirectPath } from "~/utils/http/http";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain page's own policy: nothing may run or load, the inline style aside. */
export const PLAIN_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A small page of its own (no script, no stylesheet to fetch), already translated, with a way
 * back (`back.to`, a path of this portal, else the dashboard): what the HTTP layer's refusals and
 * a failed download answer, where no route's layout can.
 */
export function plainPage({
  language,
  title,
  message,
  back,
}: {
  language: Language;
  title: string;
  message: string;
  back: { to: string; label: string };
}) {
  return `<!doctype html>
<html lang="${language}" dir="${languageDirection(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;padding:2rem 1rem;background:#f9fafb;color:#111827;font-family:Tahoma,"Segoe UI",system-ui,sans-serif}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:.25rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .5rem}
a{color:#0d47a1}
a:focus-visible{outline:2px solid #1976d2;outline-offset:2px}
</style>
</head>
<body>
<main role="alert">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(safeRedirectPath(back.to, "/"))}">${escapeHtml(back.label)}</a></p>
</main>
</body>
</html>
`;
}

/** A plain page as an answer with `status`, never cached. */
export function plainPageResponse(status: number, page: Parameters<typeof plainPage>[0]) {
  return new Response(plainPage(page), {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": PLAIN_PAGE_POLICY,
      "Cache-Control": "no-store",
    },
  });
}
