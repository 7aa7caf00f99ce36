import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/components/forms";

/** A single checkbox with its label beside it (the label is the question). */
export function CheckboxField({
  meta,
  label,
  hint,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
}) {
  const { key, ...inputProps } = getInputProps(meta, {
    type: "checkbox",
    ariaDescribedBy: hint ? meta.descriptionId : undefined,
  });
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          key={key}
          {...inputProps}
          className="h-5 w-5 rounded border-gray-400 text-primary focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
        />
        <label htmlFor={meta.id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={meta.descriptionId} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
