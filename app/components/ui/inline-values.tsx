import { Fragment } from "react";

/**
 * Values on one line, "a · b · c". Each value keeps its own direction, isolated (a Latin board name
 * beside Persian words and digits does not reorder the line), and the separators follow the page's
 * direction, so in Persian the first value is the rightmost. Empty values are left out.
 */
export function InlineValues({ values }: { values: React.ReactNode[] }) {
  const shown = values.filter((value) => value !== null && value !== undefined && value !== "");
  return (
    <>
      {shown.map((value, index) => (
        <Fragment key={index}>
          {index > 0 ? " · " : null}
          <bdi data-inline-value="">{value}</bdi>
        </Fragment>
      ))}
    </>
  );
}
