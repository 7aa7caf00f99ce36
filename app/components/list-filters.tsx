import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/**
 * A list's filters: a GET form, so the filtered view is a URL (linkable, and it works without JS),
 * with a button to show the results and a link back to the whole list.
 */
export function ListFilters({
  title,
  form,
  submitLabel,
  clearTo,
  clearLabel,
  children,
}: {
  title: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
  form: FormMetadata<any, string[]>;
  submitLabel: string;
  clearTo: string;
  clearLabel: string;
  children: ReactNode;
}) {
  return (
    <Card title={title} headingLevel={2}>
      <Form method="get" {...getFormProps(form)} className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClasses("primary")}>
            {submitLabel}
          </button>
          <Link to={clearTo} className={buttonClasses("quiet")}>
            {clearLabel}
          </Link>
        </div>
      </Form>
    </Card>
  );
}
