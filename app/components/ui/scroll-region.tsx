import type { ReactNode } from "react";

/**
 * The box of a table wider than a phone: it scrolls sideways, and is a named, focusable region so
 * a keyboard user can scroll it too. The name must differ from the heading of the section around
 * it (two landmarks of one name confuse a screen reader's landmark list).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
