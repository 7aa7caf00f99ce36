import type { FieldMetadata } from "@conform-to/react";
import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Label,
} from "@headlessui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { controlClasses, IntentButton } from "~/components/forms";
import { buttonClasses } from "~/components/ui/button";
import { InlineValues } from "~/components/ui/inline-values";
import { useSuggestions } from "~/components/wizard/suggestions";
import { localizeDigits } from "~/utils/format/numbers";
import {
  travellerQueryField,
  type TravellerMatch,
  type TravellerSearch,
} from "~/utils/travellers/traveller-query";
import type { GuestInput } from "~/components/wizard/guest-fields";
import type { RoomsFormMetadata } from "~/components/wizard/rooms-fields";

/**
 * "Find a traveller" beside a guest's fields: the agency's travellers from its earlier requests,
 * found by a part of the name, fill the guest's fields as typed values the clerk can still change.
 * Without JS a button sends the rooms form whole (nothing typed is lost) and the page comes back
 * with the matches, each a button that fills this guest; with JS a combobox asks as the clerk types.
 */

type RoomsForm = RoomsFormMetadata;

/** The search a page without JS asked for, and which guest it was for. */
export type GuestTravellerSearch = TravellerSearch & { guest: string };

export function TravellerFinder({
  form,
  guest,
  search,
}: {
  form: RoomsForm;
  guest: FieldMetadata<GuestInput>;
  search: GuestTravellerSearch | null;
}) {
  const hydrated = useHydrated();
  const shown = search?.guest === guest.name ? search : null;
  return (
    <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-3" data-testid="traveller-finder">
      {hydrated ? (
        <TravellerCombobox form={form} guest={guest} />
      ) : (
        <TravellerSearchField form={form} guest={guest} query={shown?.query} />
      )}
      {shown ? <TravellerResults form={form} guest={guest} search={shown} /> : null}
    </div>
  );
}

function TravellerSearchField({
  form,
  guest,
  query,
}: {
  form: RoomsForm;
  guest: FieldMetadata<GuestInput>;
  query?: string;
}) {
  const { t } = useTranslation("wizard");
  const name = travellerQueryField(guest.name);
  const id = `${guest.id}-traveller`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {t("travellers.find")}
      </label>
      <p id={`${id}-hint`} className="text-xs text-gray-600">
        {t("travellers.hint")}
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          name={name}
          defaultValue={query}
          dir="auto"
          autoComplete="off"
          maxLength={200}
          aria-describedby={`${id}-hint`}
          className={`${controlClasses} max-w-xs`}
        />{" "}
        <IntentButton
          intent={form.validate.getButtonProps({ name })}
          className={buttonClasses("secondary")}
        >
          {t("travellers.findButton")}
        </IntentButton>
      </div>
    </div>
  );
}

/** The matches of a search sent without JS: each a button that fills this guest. */
function TravellerResults({
  form,
  guest,
  search,
}: {
  form: RoomsForm;
  guest: FieldMetadata<GuestInput>;
  search: GuestTravellerSearch;
}) {
  const { t, i18n } = useTranslation("wizard");
  if (search.message)
    return (
      <p role="status" className="text-sm text-red-800" data-testid="traveller-message">
        {search.message}
      </p>
    );
  return (
    <section aria-label={t("travellers.results", { query: search.query })}>
      <p role="status" className="text-sm">
        {search.matches.length
          ? t("travellers.found", {
              count: search.matches.length,
              number: localizeDigits(search.matches.length, i18n.language),
            })
          : t("travellers.none", { query: search.query })}
      </p>
      <ul className="mt-2 flex flex-col gap-2" data-testid="traveller-results">
        {search.matches.map((match) => (
          <li
            key={`${match.fill.passportNumber} ${match.born}`}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded border border-gray-200 p-2 text-sm"
          >
            <TravellerSummary match={match} />{" "}
            <IntentButton
              intent={form.update.getButtonProps({ name: guest.name, value: match.fill })}
              className={buttonClasses("secondary", "ms-auto")}
            >
              {t("travellers.use", { name: `${match.fill.firstName} ${match.fill.lastName}` })}
            </IntentButton>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What tells one traveller of a name from another: birth date, nationality, passport, last stay. */
function TravellerSummary({ match }: { match: TravellerMatch }) {
  const { t } = useTranslation("wizard");
  return (
    <span className="flex flex-col">
      <bdi className="font-semibold">
        {match.fill.firstName} {match.fill.lastName}
      </bdi>
      <span className="text-xs text-gray-700">
        <InlineValues
          values={[
            t("travellers.born", { date: match.born }),
            match.nationality,
            t("travellers.passportEnd", { end: match.passportEnd }),
            t("travellers.lastStay", {
              hotel: match.lastStay.hotelName,
              date: match.lastStay.checkIn,
              number: match.lastStay.requestNumber,
            }),
          ]}
        />
      </span>
    </span>
  );
}

/**
 * With JS: the matches as the clerk types (after a pause, one lookup at a time), picked with the
 * keyboard or the pointer; the pick fills the guest's fields in the page.
 */
function TravellerCombobox({ form, guest }: { form: RoomsForm; guest: FieldMetadata<GuestInput> }) {
  const { t, i18n } = useTranslation("wizard");
  const { items, message, answered, suggest } = useSuggestions<TravellerMatch>(
    "/reservations/travellers",
  );
  const [query, setQuery] = useState("");
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
    <Field className="flex flex-col gap-1">
      <Label className="text-sm font-medium text-gray-800">{t("travellers.find")}</Label>
      <p className="text-xs text-gray-600">{t("travellers.hint")}</p>
      <Combobox<TravellerMatch | null> value={null} onChange={pick} immediate>
        <div className="relative max-w-md">
          <ComboboxInput
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
