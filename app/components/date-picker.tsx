import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import type { DatePickerDialogProps } from "~/components/date-picker-dialog";
import { TextField, type TextFieldProps } from "~/components/forms";
import { Icon } from "~/components/ui/icon";
import { writeAsTyped } from "~/utils/ui/typed-input";

/** The dialog, loaded when a picker is first wanted (pointed at, focused, opened). */
const loadDialog = () => import("~/components/date-picker-dialog");
// Without its code (a bad line) the button does nothing more: the field still takes typing.
const DatePickerDialog = lazy<ComponentType<DatePickerDialogProps>>(() =>
  loadDialog().catch(() => ({ default: () => null })),
);
const prefetchDialog = () => void loadDialog().catch(() => {});

export type DatePickerOptions = Pick<DatePickerDialogProps, "min" | "rangeFrom"> & {
  /** The provider's today (ISO), where it matters (a stay); else the browser's. */
  today?: string;
};

/**
 * A button beside a date field (with JS only) that opens a month grid to pick the date from; the
 * date goes into the field as if typed, in the user's calendar and digits. Reading and writing
 * dates needs dayjs, which comes with the dialog: list pages, whose filters take dates, carry none.
 */
function DatePickerButton({
  inputId,
  label,
  today,
  ...options
}: DatePickerOptions & { inputId: string; label: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  // Each opening makes the dialog anew, so it starts from what the fields hold then.
  const [openings, setOpenings] = useState(0);
  // Named "Choose on a calendar" and described by the field's label: a name holding the label
  // would make the button a second element labelled "Check-in date".
  const descriptionId = `${inputId}-picker-for`;
  // However the dialog closes (a day chosen, Escape, Close), the focus comes back to this button,
  // as after any dialog: the dialog gives it back only on Escape, and not at all in Safari, which
  // does not focus a button it clicks; it would otherwise be at the page's start.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open || !returnFocusTo.current) return;
    returnFocusTo.current.focus();
    returnFocusTo.current = null;
  }, [open]);
  // Alt+↓ in the field opens the picker, as it opens a list in a select or a combobox; the focus
  // comes back to the field. The button stays in the tab order: it is how the picker is found.
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!input) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.key !== "ArrowDown") return;
      event.preventDefault();
      prefetchDialog();
      returnFocusTo.current = input;
      setOpenings((count) => count + 1);
      setOpen(true);
    };
    input.setAttribute("aria-keyshortcuts", "Alt+ArrowDown");
    input.addEventListener("keydown", onKeyDown);
    return () => {
      input.removeAttribute("aria-keyshortcuts");
      input.removeEventListener("keydown", onKeyDown);
    };
  }, [inputId]);
  return (
    <>
      <span hidden id={descriptionId}>
        {label}
      </span>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={t("datePicker.open")}
        aria-describedby={descriptionId}
        title={t("datePicker.openTitle")}
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
        onClick={(event) => {
          returnFocusTo.current = event.currentTarget;
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
        data-testid={`${inputId}-picker`}
        className="shrink-0 rounded border border-gray-400 bg-white px-2 text-primary-dark hover:bg-primary-light"
      >
        <Icon name="calendar" />
      </button>
      {openings ? (
        <Suspense fallback={null}>
          <DatePickerDialog
            key={openings}
            open={open}
            onClose={() => setOpen(false)}
            inputId={inputId}
            label={label}
            language={i18n.language}
            today={today ?? localToday()}
            {...options}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A date field knows the date it holds, not only its text: when the language changes (and with it
 * the calendar), the same day is written in the new calendar and digits (1990/05/14 ⇄ 1369/02/24).
 * A text that is no date stays as typed, and the form's validation marks it. The calendar a text
 * is in is read from its year, so a value the new page already wrote in the new calendar is left
 * alone.
 */
function useCalendarOfTheLanguage(inputId: string) {
  const { i18n } = useTranslation();
  const shownIn = useRef(i18n.language);
  useEffect(() => {
    if (shownIn.current === i18n.language) return;
    shownIn.current = i18n.language;
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    if (!input?.value.trim()) return;
    const language = i18n.language;
    // Dates are read with dayjs, loaded only now: list pages, whose filters take dates, carry none.
    import("~/utils/format/date-input").then(
      ({ typedDateFor }) => {
        const rewritten = typedDateFor(input.value, language);
        if (rewritten === null) input.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
        else if (rewritten !== input.value) writeAsTyped(input, rewritten);
      },
      // Without its code (a bad line) the text stays as typed, as without JS.
      () => {},
    );
  }, [i18n.language, inputId]);
}

function localToday() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * A date typed in the user's calendar (the field every date form has), and with JS a picker
 * beside it. Not in forms.tsx: the picker reads dates with dayjs, which only pages with dates
 * carry.
 */
export function DateField({
  picker,
  ...props
}: Omit<TextFieldProps, "type" | "inputMode" | "dir" | "after"> & { picker: DatePickerOptions }) {
  const hydrated = useHydrated();
  useCalendarOfTheLanguage(props.meta.id);
  return (
    <TextField
      {...props}
      inputMode="numeric"
      dir="ltr"
      after={
        hydrated ? (
          <DatePickerButton inputId={props.meta.id} label={props.label} {...picker} />
        ) : null
      }
    />
  );
}
