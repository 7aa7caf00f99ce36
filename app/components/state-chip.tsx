import type { ReactNode } from "react";
import { cx } from "~/utils/ui/misc";

/** The spec's chip colours, each with enough contrast for its text (WCAG AA). */
const TONES = {
  lightBlue: "bg-sky-100 text-sky-900 border-sky-300",
  orange: "bg-orange-100 text-orange-900 border-orange-300",
  yellow: "bg-yellow-100 text-yellow-900 border-yellow-400",
  red: "bg-red-100 text-red-900 border-red-300",
  green: "bg-green-100 text-green-900 border-green-300",
  darkBlue: "bg-blue-900 text-white border-blue-900",
  blue: "bg-blue-100 text-blue-900 border-blue-300",
  grey: "bg-gray-100 text-gray-800 border-gray-300",
} as const;
export type ChipTone = keyof typeof TONES;

/** A state as a coloured chip; the text always says the state, the colour only repeats it. */
export function StateChip({ tone, children }: { tone: ChipTone; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={cx(
        "inline-block whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium print:border-gray-500 print:bg-white print:text-black",
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
