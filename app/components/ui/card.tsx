import { useId, type ReactNode } from "react";
import { cx } from "~/utils/ui/misc";

/** A white panel with an optional heading; the basic block of every page. */
export function Card({
  title,
  children,
  className,
  headingLevel = 2,
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className={cx("rounded border border-gray-200 bg-white p-4 shadow-sm md:p-6", className)}
    >
      {title ? (
        <Heading id={headingId} className="mb-4 text-lg font-semibold">
          {title}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
