import { cx } from "~/utils/ui/misc";

// A handful of 24px outline icons, inline so they cost no request.
const paths = {
  dashboard: "M3 13h8V3H3zm0 8h8v-6H3zm10 0h8V11h-8zm0-18v6h8V3z",
  requests: "M4 6h16M4 12h16M4 18h10",
  contracts: "M7 3h8l4 4v14H7zM15 3v4h4M10 12h6M10 16h6",
  payments: "M3 7h18v10H3zM3 11h18M7 15h3",
  transactions: "M7 7h13l-3-3M17 17H4l3 3",
  plus: "M12 5v14M5 12h14",
  mail: "M4 6h16v12H4zM4 7l8 6 8-6",
  menu: "M4 6h16M4 12h16M4 18h16",
  chevron: "M15 6l-6 6 6 6",
  key: "M14 10a4 4 0 1 0-3 3.9V17h2v2h2v-3l-1-1.1A4 4 0 0 0 14 10z",
  logout: "M15 12H4m0 0 3-3m-3 3 3 3M10 5V4h10v16H10v-1",
  refresh: "M20 12a8 8 0 1 1-2.3-5.7M20 4v4h-4",
  download: "M12 4v11m0 0-4-4m4 4 4-4M5 19h14",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
} as const;

export type IconName = keyof typeof paths;

/** Decorative by default; pass `label` when the icon is the only content of a control. */
export function Icon({
  name,
  className,
  label,
}: {
  name: IconName;
  className?: string;
  label?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={cx("h-5 w-5 shrink-0", className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={label ? undefined : true}
      role={label ? "img" : undefined}
      aria-label={label}
    >
      <path d={paths[name]} />
    </svg>
  );
}
