import { DialogTitle } from "@headlessui/react";
import dayjs from "dayjs";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Modal } from "~/components/ui/modal";
import { formatDateInput, parseDateInput } from "~/utils/format/date-input";
import { cx } from "~/utils/ui/misc";
import { writeAsTyped } from "~/utils/ui/typed-input";

/**
 * The date picker's month grid in a modal dialog (WAI-ARIA's date picker dialog pattern): the
 * page's calendar (Jalali in Persian, Gregorian in English) with the other calendar's day under
 * each date, weekends and today marked, dates the field refuses greyed out, and the nights of a
 * stay shown as the check-out is picked. A module of its own, loaded when a picker is first
 * wanted: pages carry only the button (see `DatePickerButton`). dayjs with jalaliday is already
 * on every page with a date field (the schemas read typed dates with it).
 */
export type DatePickerDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The date field the picker reads its date from and writes the chosen one to. */
  inputId: string;
  /** What is being picked, for the dialog's name: "Check-in date". */
  label: string;
  language: string;
  today: string;
  /** The earliest date the field takes (ISO), or the id of a field whose date, plus a day, is. */
  min?: string | { after: string };
  /** The id of the field holding the stay's first night: its nights are shown. */
  rangeFrom?: string;
};

const DAY_MS = 86_400_000;
const iso = (date: dayjs.Dayjs) => date.calendar("gregory").format("YYYY-MM-DD");
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export default function DatePickerDialog({
  open,
  onClose,
  inputId,
  label,
  language,
  today,
  min: minOption,
  rangeFrom: rangeFromId,
}: DatePickerDialogProps) {
  const { t } = useTranslation();
  const persian = language === "fa";
  const calendar = persian ? "jalali" : "gregory";
  const locale = persian ? "fa-IR" : "en-GB";
  const [{ value, min, rangeFrom, start }] = useState(() =>
    readFieldDates({ inputId, language, today, minOption, rangeFromId }),
  );
  const [focused, setFocused] = useState(start);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  const onChoose = (date: string) => {
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    if (input) writeAsTyped(input, formatDateInput(date, language));
    onClose();
  };
  // The focus follows the keyboard's moves (not the first paint: the dialog focuses the day).
  useEffect(() => {
    if (!moved.current) return;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const month = dayjs(focused).calendar(calendar).startOf("month");
  // Weeks start on Saturday in Iran, on Sunday in English; Friday is the Persian weekend.
  const weekStart = persian ? 6 : 0;
  const lead = (month.day() - weekStart + 7) % 7;
  const days = Array.from({ length: month.daysInMonth() }, (_, index) =>
    iso(month.add(index, "day")),
  );
  const cells = [...Array<string | null>(lead).fill(null), ...days];
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, row) =>
    Array.from({ length: 7 }, (_, column) => cells[row * 7 + column] ?? null),
  );

  const format = (date: string, options: Intl.DateTimeFormatOptions, inCalendar = calendar) =>
    new Intl.DateTimeFormat(`${locale}-u-ca-${inCalendar === "jalali" ? "persian" : "gregory"}`, {
      timeZone: "UTC",
      ...options,
    }).format(new Date(`${date}T00:00:00Z`));
  const otherCalendar = persian ? "gregory" : "jalali";
  const dayIn = (date: string, which: "jalali" | "gregory") =>
    new Intl.NumberFormat(locale).format(dayjs(date).calendar(which).date());
  const isWeekend = (date: string) => {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    return persian ? weekday === 5 : weekday === 0 || weekday === 6;
  };
  const refused = (date: string) => Boolean(min && date < min);
  const nights = rangeFrom && focused > rangeFrom ? daysBetween(rangeFrom, focused) : null;

  const moveTo = (date: string) => {
    moved.current = true;
    setFocused(date);
  };
  const byMonths = (months: number) => iso(dayjs(focused).calendar(calendar).add(months, "month"));
  const onKeyDown = (event: KeyboardEvent) => {
    // Right is the next day in English and the previous one in Persian (right to left).
    const forward = persian ? -1 : 1;
    const weekday = (new Date(`${focused}T00:00:00Z`).getUTCDay() - weekStart + 7) % 7;
    const moves: Record<string, () => string> = {
      ArrowRight: () => addDays(focused, forward),
      ArrowLeft: () => addDays(focused, -forward),
      ArrowDown: () => addDays(focused, 7),
      ArrowUp: () => addDays(focused, -7),
      PageDown: () => byMonths(event.shiftKey ? 12 : 1),
      PageUp: () => byMonths(event.shiftKey ? -12 : -1),
      Home: () => addDays(focused, -weekday),
      End: () => addDays(focused, 6 - weekday),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  };

  const monthTitle = format(focused, { month: "long", year: "numeric" });
  const otherMonths = [
    ...new Set(
      [days[0], days[days.length - 1]].map((date) =>
        format(date, { month: "long", year: "numeric" }, otherCalendar),
      ),
    ),
  ].join(" – ");

  return (
    <Modal open={open} onClose={onClose} panelClassName="max-w-sm p-3" testId="date-picker">
      <DialogTitle className="text-base font-semibold">{label}</DialogTitle>
      <div className="mt-2 flex items-center justify-between gap-2">
        <button
          type="button"
          className="rounded p-2 hover:bg-gray-100"
          onClick={() => moveTo(byMonths(-1))}
          aria-label={t("datePicker.previousMonth")}
        >
          <Icon name="chevron" className="rtl:rotate-180" />
        </button>
        <div className="text-center" aria-live="polite" id="date-picker-month">
          <p className="font-medium">{monthTitle}</p>
          <p className="text-xs text-gray-600">{otherMonths}</p>
        </div>
        <button
          type="button"
          className="rounded p-2 hover:bg-gray-100"
          onClick={() => moveTo(byMonths(1))}
          aria-label={t("datePicker.nextMonth")}
        >
          <Icon name="chevron" className="rotate-180 rtl:rotate-0" />
        </button>
      </div>
      <table
        ref={grid}
        role="grid"
        aria-labelledby="date-picker-month"
        className="mt-2 w-full table-fixed text-center"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {weeks[0].map((_, column) => {
              // A known week (4–10 Jan 2026 runs Sunday to Saturday) names the days.
              const day = addDays("2026-01-04", (weekStart + column) % 7);
              return (
                <th key={day} scope="col" className="p-0 text-xs font-medium text-gray-600">
                  <abbr title={format(day, { weekday: "long" })} className="no-underline">
                    {format(day, { weekday: "narrow" })}
                  </abbr>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((date, column) =>
                date ? (
                  <td key={date} role="gridcell" aria-selected={date === value} className="p-0.5">
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === focused ? 0 : -1}
                      data-autofocus={date === focused ? true : undefined}
                      aria-disabled={refused(date) || undefined}
                      aria-current={date === today ? "date" : undefined}
                      onClick={() => (refused(date) ? undefined : onChoose(date))}
                      onFocus={() => setFocused(date)}
                      className={cx(
                        "flex w-full flex-col items-center rounded py-1 leading-tight",
                        refused(date)
                          ? "cursor-not-allowed text-gray-400"
                          : "hover:bg-primary-light",
                        isWeekend(date) && !refused(date) && "text-red-800",
                        date === value && "bg-primary text-white hover:bg-primary-dark",
                        date === today && "font-bold underline",
                        rangeFrom &&
                          date >= rangeFrom &&
                          date <= focused &&
                          date !== value &&
                          "bg-primary-light",
                      )}
                    >
                      {/* Heard: the whole date in both calendars; seen: the two day numbers. */}
                      <span className="sr-only">
                        {`${format(date, { weekday: "long", day: "numeric", month: "long", year: "numeric" })} (${format(date, { day: "numeric", month: "long", year: "numeric" }, otherCalendar)})`}
                      </span>
                      <span aria-hidden="true">{dayIn(date, calendar)}</span>
                      <span aria-hidden="true" className="text-[0.65rem] opacity-75">
                        {dayIn(date, otherCalendar)}
                      </span>
                    </button>
                  </td>
                ) : (
                  <td key={`empty-${row}-${column}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 min-h-5 text-sm" aria-live="polite" data-testid="date-picker-nights">
        {nights
          ? t("datePicker.nights", {
              count: nights,
              number: new Intl.NumberFormat(locale).format(nights),
            })
          : ""}
      </p>
      <div className="mt-2 flex flex-wrap justify-between gap-2">
        <Button type="button" variant="secondary" onClick={() => moveTo(today)}>
          {t("datePicker.today")}
        </Button>
        <Button type="button" variant="quiet" onClick={onClose}>
          {t("datePicker.close")}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * The dates the fields hold as the picker opens (it is made anew at each opening): its own, the
 * earliest it takes, the stay's first night, and where the grid starts.
 */
function readFieldDates({
  inputId,
  language,
  today,
  minOption,
  rangeFromId,
}: {
  inputId: string;
  language: string;
  today: string;
  minOption?: string | { after: string };
  rangeFromId?: string;
}) {
  const dateIn = (id: string) =>
    parseDateInput((document.getElementById(id) as HTMLInputElement | null)?.value ?? "", language);
  const after = typeof minOption === "object" ? dateIn(minOption.after) : null;
  const value = dateIn(inputId);
  const min =
    typeof minOption === "object" ? (after ? addDays(after, 1) : today) : (minOption ?? null);
  const rangeFrom = rangeFromId ? dateIn(rangeFromId) : null;
  return { value, min, rangeFrom, start: value ?? (min && min > today ? min : today) };
}
