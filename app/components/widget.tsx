import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "~/utils/ui/misc";
import type { Settled } from "~/utils/http/settled";

/**
 * A titled part of a page whose data may have failed on its own: shows the data, or the part's
 * error with a retry link, while the rest of the page carries on.
 */
export function Widget<T>({
  id,
  title,
  result,
  children,
  className,
  actions,
}: {
  id: string;
  title: string;
  result: Settled<T>;
  children: (data: T) => ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={`widget-${id}`}
      className={cx("rounded border border-gray-200 bg-white p-4 shadow-sm", className)}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {result.ok ? (
        children(result.data)
      ) : (
        <div role="alert" className="rounded bg-red-50 p-3 text-sm text-red-900">
          <p>{result.error}</p>
          <Link
            to="."
            reloadDocument
            className="mt-1 inline-block font-medium text-primary-dark underline"
          >
            {t("actions.tryAgain")}
          </Link>
        </div>
      )}
    </section>
  );
}
