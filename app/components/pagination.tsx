import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { localizeDigits } from "~/utils/format/numbers";
import { cx } from "~/utils/ui/misc";
import { Apart } from "~/components/ui/apart";

/**
 * Pages of a server-paged list as plain links: the page lives in the URL's `page` parameter, next
 * to the filters, so every page is linkable and works without JS.
 */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `?${params}`;
  };
  const number = (value: number) => localizeDigits(value, i18n.language);
  // First, last, and two on each side of the current page.
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((value) => value >= 1 && value <= pageCount)
    .sort((a, b) => a - b);
  const linkClasses =
    "inline-block min-w-9 rounded border border-gray-300 px-2 py-1 text-center hover:bg-gray-50";
  return (
    <nav aria-label={t("paging.label")} className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      <Apart>
        {page > 1 ? (
          <Link to={href(page - 1)} className={linkClasses} rel="prev">
            {t("paging.previous")}
          </Link>
        ) : null}
        {shown.map((value, index) => (
          <span key={value} className="flex items-center gap-2">
            {index > 0 && value - shown[index - 1] > 1 ? <span aria-hidden>…</span> : null}
            {value === page ? (
              <span
                aria-current="page"
                className={cx(linkClasses, "border-primary bg-primary text-white hover:bg-primary")}
              >
                <span className="sr-only">{t("paging.page")} </span>
                {number(value)}
              </span>
            ) : (
              <Link to={href(value)} className={linkClasses}>
                <span className="sr-only">{t("paging.page")} </span>
                {number(value)}
              </Link>
            )}
          </span>
        ))}
        {page < pageCount ? (
          <Link to={href(page + 1)} className={linkClasses} rel="next">
            {t("paging.next")}
          </Link>
        ) : null}
        <span className="text-gray-600">
          {t("paging.of", { page: number(page), pages: number(pageCount) })}
        </span>
      </Apart>
    </nav>
  );
}
