import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { intentInName } from "~/utils/forms/intent-button";
import { cx } from "~/utils/ui/misc";

/**
 * Every form field goes through here (`FieldFrame`), so all of them wire label, hint, aria-invalid,
 * aria-describedby and the error list the same way. Field errors are translation keys
 * from the form's schema; form-level errors are text the server already translated. The fields few
 * pages show (a file, a new password, a checkbox) are modules of their own beside this one, so the other pages
 * do not carry them (the JS budget).
 */

export const controlClasses =
  "block w-full rounded border border-gray-400 bg-white px-3 py-2 text-base focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary aria-[invalid=true]:border-red-700";

export type FieldFrameProps = {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  className?: string;
  /**
   * Keeps a line for the field's error even while it has none: a message that appears as the
   * focus leaves the field (a click on the next one) then moves nothing under the pointer.
   */
  reserveErrorLine?: boolean;
  children: ReactNode;
};

export function FieldFrame({
  meta,
  label,
  hint,
  className,
  reserveErrorLine = false,
  children,
}: FieldFrameProps) {
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={meta.id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {hint ? (
        <p id={meta.descriptionId} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {children}
      {reserveErrorLine ? (
        <div className="min-h-5">
          <FieldErrors id={meta.errorId} errors={meta.errors} />
        </div>
      ) : (
        <FieldErrors id={meta.errorId} errors={meta.errors} />
      )}
    </div>
  );
}

/**
 * A field error is a translation key from the form's schema, or the provider's own words for that
 * field (which may hold "." or ":" and must come out as written).
 */
function useFieldErrorText() {
  const { t } = useTranslation();
  return (error: string) => t(error, { defaultValue: error, nsSeparator: false });
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const fieldErrorText = useFieldErrorText();
  if (!errors?.length) return null;
  // A rule with several checks (the password's) may report the same message more than once.
  const messages = [...new Set(errors)];
  return (
    <ul id={id} className="text-sm text-red-700">
      {messages.map((error) => (
        <li key={error}>{fieldErrorText(error)}</li>
      ))}
    </ul>
  );
}

export type TextFieldProps = Omit<FieldFrameProps, "children"> & {
  type?: "text" | "email" | "password" | "tel" | "date" | "time" | "number";
  autoComplete?: string;
  dir?: "ltr" | "rtl" | "auto";
  placeholder?: string;
  inputMode?: "text" | "numeric" | "decimal";
  /** A `<datalist>` id offering suggestions (filled with JS). */
  list?: string;
  /** A control beside the input, at its end (a date field's picker), or null while there is none. */
  after?: ReactNode;
};

export function TextField({
  meta,
  type = "text",
  autoComplete,
  dir,
  placeholder,
  inputMode,
  list,
  after,
  ...frame
}: TextFieldProps) {
  const { key, ...inputProps } = getInputProps(meta, {
    type,
    ariaDescribedBy: frame.hint ? meta.descriptionId : undefined,
  });
  const input = (
    <input
      key={key}
      {...inputProps}
      autoComplete={autoComplete}
      dir={dir}
      placeholder={placeholder}
      inputMode={inputMode}
      list={list}
      className={controlClasses}
    />
  );
  return (
    <FieldFrame meta={meta} {...frame}>
      {/* Set (even to null, before hydration) means the row is there from the first paint: the
          input never moves, so nothing typed before the page came alive is lost. */}
      {after !== undefined ? (
        <div className="flex gap-1">
          {input}
          {after}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}

export function TextareaField({ meta, ...frame }: Omit<FieldFrameProps, "children">) {
  const { key, ...textareaProps } = getTextareaProps(meta, {
    ariaDescribedBy: frame.hint ? meta.descriptionId : undefined,
  });
  return (
    <FieldFrame meta={meta} {...frame}>
      <textarea key={key} {...textareaProps} rows={3} className={controlClasses} />
    </FieldFrame>
  );
}

export function SelectField({
  meta,
  options,
  placeholder,
  ...frame
}: Omit<FieldFrameProps, "children"> & {
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
}) {
  const { key, ...selectProps } = getSelectProps(meta, {
    ariaDescribedBy: frame.hint ? meta.descriptionId : undefined,
  });
  return (
    <FieldFrame meta={meta} {...frame}>
      <select key={key} {...selectProps} className={controlClasses}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/**
 * Whether the form was submitted since its errors were last shown: set by the submit (before
 * the browser's check or the server's answer), cleared once the summary took the focus or the
 * user types again. `submits` counts them, so a second failed submit focuses again.
 */
function useSubmitsOf(formId: string) {
  const submitted = useRef(false);
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    const ownForm = (event: Event) =>
      event.target instanceof HTMLFormElement && event.target.id === formId;
    // conform sends its own intents (a field's check on blur, list buttons) as submit events
    // from a temporary button named `__intent__`: those are not the user submitting.
    const isIntent = (event: Event) =>
      (event as SubmitEvent).submitter?.getAttribute("name") === "__intent__";
    const onSubmit = (event: Event) => {
      if (!ownForm(event) || isIntent(event)) return;
      submitted.current = true;
      setSubmits((count) => count + 1);
    };
    const onInput = (event: Event) => {
      const field = event.target as HTMLInputElement | null;
      if (field?.form?.id === formId) submitted.current = false;
    };
    document.addEventListener("submit", onSubmit, true);
    document.addEventListener("input", onInput, true);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      document.removeEventListener("input", onInput, true);
    };
  }, [formId]);
  return { submitted, submits };
}

/**
 * GOV.UK-style summary heading a failed form: form-level errors, then a link to each invalid field.
 * It takes the focus when a submit of its form fails (in the browser or at the server), so
 * keyboard and screen-reader users land on what went wrong. It appears only once the form was
 * sent (or came from the server with its errors): a field's check failing while the user moves
 * between fields shows by the field alone, and the form does not jump down under the pointer.
 */
export function ErrorSummary({
  form,
  fields,
}: {
  form: { id: string; errorId: string; errors?: string[] };
  fields: Array<{ meta: FieldMetadata<unknown>; label: string }>;
}) {
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText();
  const summary = useRef<HTMLDivElement>(null);
  const formErrors = form.errors;
  const invalid = fields.filter(({ meta }) => meta.errors?.length);
  const hasErrors = Boolean(formErrors?.length || invalid.length);
  const { submitted, submits } = useSubmitsOf(form.id);
  // Errors in the first render came with the page: the server's answer to a submit.
  const [cameWithThePage] = useState(hasErrors);
  useEffect(() => {
    if (!hasErrors || !submitted.current) return;
    submitted.current = false;
    summary.current?.focus();
  }, [hasErrors, submitted, submits]);
  if (!hasErrors || !(cameWithThePage || submits > 0)) return null;
  return (
    <div
      role="alert"
      tabIndex={-1}
      ref={summary}
      className="rounded border-s-4 border-red-700 bg-red-50 p-4 text-sm text-red-900"
    >
      <h2 className="font-semibold">{t("forms.problemTitle")}</h2>
      {formErrors?.length ? (
        <ul id={form.errorId} className="mt-2">
          {formErrors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
      {/* Spec §5's general sentence, unless the form says something of its own. */}
      {invalid.length && !formErrors?.length ? (
        <p className="mt-2">{t("validation.mandatoryFields")}</p>
      ) : null}
      {invalid.length ? (
        <ul className="mt-2 list-disc ps-5">
          {invalid.map(({ meta, label }) => (
            <li key={meta.id}>
              <a className="underline" href={`#${meta.id}`}>
                {label}: {fieldErrorText(meta.errors?.[0] ?? "")}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Enter in a field presses a form's first submit button: in a form whose first buttons add or
 * remove rows, or search, this hidden one comes first so Enter continues instead (stack notes,
 * conform trap). A text browser shows it (no CSS hides it), so it goes just before the first of
 * those buttons, after the fields above them, and its label says what it does (issue 55).
 */
export function EnterSubmitsForm({ children }: { children: ReactNode }) {
  return (
    <>
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
        {children}
      </button>{" "}
    </>
  );
}

/**
 * A button that adds or removes a row of a list (conform's `insert` or `remove` button props).
 * Until hydration its intent rides in its name, where a text browser does not show it; then
 * conform's own props, so the list changes in the page without a round trip.
 */
export function IntentButton({
  intent,
  ...props
}: { intent: { name: string; value: string } } & Omit<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  "name" | "value"
>) {
  const hydrated = useHydrated();
  return <button {...intent} {...(hydrated ? {} : intentInName(intent))} {...props} />;
}

/**
 * Marks a form sent by the hydrated page (`enhanced=1`): its action may then answer with data
 * for the page to act on, instead of the redirect a page without JS needs.
 */
export function EnhancedInput() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name="enhanced" value="1" /> : null;
}
