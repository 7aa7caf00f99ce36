import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, buttonClasses } from "~/components/ui/button";

/**
 * The head of a page made to be printed or saved as PDF (a request's print view, its voucher):
 * the brand and the title, and, on screen only, a Print button (with JS; without it, how to print)
 * and the way back.
 */
export function PrintablePageHeader({
  brand,
  title,
  note,
  labels,
  backTo,
}: {
  brand: string;
  title: string;
  /** A line under the title, printed too. */
  note?: ReactNode;
  labels: { print: string; howTo: string; back: string };
  backTo: string;
}) {
  const hydrated = useHydrated();
  return (
    <header className="flex flex-wrap items-start justify-between gap-3 border-b border-gray-300 pb-3">
      <div>
        <p className="text-sm text-gray-700">{brand}</p>
        <h1 className="text-2xl font-semibold print:text-lg">{title}</h1>
        {note ? <p className="text-xs text-gray-600">{note}</p> : null}
      </div>
      <div className="flex gap-2 print:hidden">
        {hydrated ? (
          <Button onClick={() => window.print()}>{labels.print}</Button>
        ) : (
          <p className="max-w-xs text-sm text-gray-700">{labels.howTo}</p>
        )}
        <Link to={backTo} className={buttonClasses("secondary")}>
          {labels.back}
        </Link>
      </div>
    </header>
  );
}
