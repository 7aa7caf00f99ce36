import { getInputProps } from "@conform-to/react";
import { controlClasses, FieldFrame, type FieldFrameProps } from "~/components/forms";

/**
 * A file input. A browser cannot put a chosen file back after a page load, so when the form came
 * back without JS, `chooseAgain` says so next to the field. No `accept`: w3m sends the form as
 * soon as a file is chosen for a field that has one, half filled for a clerk who picks the file
 * first; the hint names the types, the schema checks them in the browser and the server checks
 * the file's first bytes (issue 55).
 */
export function FileField({
  meta,
  chooseAgain,
  ...frame
}: Omit<FieldFrameProps, "children"> & { chooseAgain?: string }) {
  const { key, ...inputProps } = getInputProps(meta, {
    type: "file",
    ariaDescribedBy: frame.hint ? meta.descriptionId : undefined,
  });
  return (
    <FieldFrame meta={meta} {...frame}>
      {chooseAgain ? (
        <p className="rounded border-s-4 border-amber-500 bg-amber-50 p-2 text-sm text-amber-950">
          {chooseAgain}
        </p>
      ) : null}
      <input key={key} {...inputProps} className={controlClasses} />
    </FieldFrame>
  );
}
