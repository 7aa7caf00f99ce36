import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "~/components/ui/button";
import { InlineValues } from "~/components/ui/inline-values";

export type ActiveFilter = { label: string; value: string };

/**
 * A list's filters: a GET form, so the filtered view is a URL (linkable, and it works without JS),
 * with a button to show the results and a link back to the whole list. They fold into a
 * `<details>` whose one-line summary names the filters in use, so on a phone the results start
 * right under it; `open` unfolds them at first (wide screens, or a filter to correct).
 */
export function ListFilters({
  title,
  form,
  active,
  open,
  submitLabel,
  clearTo,
  clearLabel,
  children,
}: {
  title: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
  form: FormMetadata<any, string[]>;
  /** The filters in use, as the summary line shows them; the empty ones are left out. */
  active: Array<ActiveFilter | "" | null | undefined>;
  open: boolean;
  submitLabel: string;
  clearTo: string;
  clearLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const inUse = active.filter((filter): filter is ActiveFilter => Boolean(filter));
  return (
    <details
      open={open}
      data-testid="list-filters"
      className="rounded border border-gray-200 bg-white shadow-sm"
    >
      {/* The browser's own marker: it turns with the state and follows the page's direction. */}
      <summary className="cursor-pointer px-4 py-3">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-gray-700" data-testid="active-filters">
          {": "}
          {inUse.length > 0 ? (
            <InlineValues values={inUse.map((filter) => `${filter.label}: ${filter.value}`)} />
          ) : (
            t("filters.none")
          )}
        </span>
      </summary>
      <Form
        method="get"
        {...getFormProps(form)}
        className="flex flex-col gap-4 border-t border-gray-200 px-4 pb-4 pt-3"
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClasses("primary")}>
            {submitLabel}
          </button>{" "}
          <Link to={clearTo} className={buttonClasses("quiet")}>
            {clearLabel}
          </Link>
        </div>
      </Form>
    </details>
  );
}
