import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Label,
} from "@headlessui/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { controlClasses } from "~/components/forms";
import { useSuggestions } from "~/components/wizard/suggestions";
import type { TravellerComboboxProps } from "~/components/wizard/traveller-finder";
import { TravellerSummary } from "~/components/wizard/traveller-results";
import { localizeDigits } from "~/utils/format/numbers";
import type { TravellerMatch } from "~/utils/travellers/traveller-query";

/**
 * With JS: the matches as the clerk types (after a pause, one lookup at a time), picked with the
 * keyboard or the pointer; the pick fills the guest's fields in the page.
 */
export function TravellerCombobox({ form, guest, initialQuery }: TravellerComboboxProps) {
  const { t, i18n } = useTranslation("wizard");
  const { items, message, answered, suggest } = useSuggestions<TravellerMatch>(
    "/reservations/travellers",
  );
  const [query, setQuery] = useState(initialQuery);
  // It takes the plain field's place where the clerk is: the focus, and a lookup of what was typed.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    suggest(initialQuery.trim());
    // Once, as it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [filled, setFilled] = useState<string | null>(null);
  const pick = (match: TravellerMatch | null) => {
    if (!match) return;
    form.update({ name: guest.name, value: match.fill });
    setFilled(`${match.fill.firstName} ${match.fill.lastName}`);
    setQuery("");
  };
  const asked = query.trim().length >= 2;
  const answeredNow = asked && answered === query.trim();
  return (
    <Field className="contents">
      <Label className="text-sm font-medium text-gray-800">{t("travellers.find")}</Label>
      <Combobox<TravellerMatch | null> value={null} onChange={pick} immediate>
        <div className="relative max-w-md">
          <ComboboxInput
            ref={input}
            className={controlClasses}
            dir="auto"
            autoComplete="off"
            displayValue={() => query}
            onChange={(event) => {
              setQuery(event.target.value);
              setFilled(null);
              suggest(event.target.value.trim());
            }}
          />
          {/* Not modal: the status beside the field, and the page, stay for a screen reader. */}
          <ComboboxOptions
            modal={false}
            className="absolute inset-x-0 top-full z-10 mt-1 max-h-72 overflow-auto rounded border border-gray-300 bg-white shadow-lg empty:invisible"
          >
            {answeredNow
              ? items.map((match) => (
                  <ComboboxOption
                    key={`${match.fill.passportNumber} ${match.born}`}
                    value={match}
                    className="cursor-pointer p-2 text-sm data-[focus]:bg-primary-light"
                  >
                    <TravellerSummary match={match} />
                  </ComboboxOption>
                ))
              : null}
          </ComboboxOptions>
        </div>
      </Combobox>
      <p role="status" className="text-sm" data-testid="traveller-status">
        {filled
          ? t("travellers.filled", { name: filled })
          : !answeredNow
            ? ""
            : (message ??
              (items.length
                ? t("travellers.found", {
                    count: items.length,
                    number: localizeDigits(items.length, i18n.language),
                  })
                : t("travellers.none", { query })))}
      </p>
    </Field>
  );
}
