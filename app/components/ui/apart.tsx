import { Children } from "react";

/**
 * Children kept apart in the text itself, not by the stylesheet alone: a space between each. A flex
 * or grid container, or a row of blocks, does not render it; a browser without CSS (lynx, w3m, a
 * reading mode, a copy-paste) shows it, so a request number and its date do not read as one word.
 */
export function Apart({ children }: { children: React.ReactNode }) {
  return Children.toArray(children).flatMap((child, index) => (index > 0 ? [" ", child] : [child]));
}
