import type { FieldMetadata } from "@conform-to/react";
import { lazy, Suspense, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { controlClasses } from "~/components/forms";
import { buttonClasses } from "~/components/ui/button";
import { TravellerResults as ResultsAsServed } from "~/components/wizard/traveller-results";
import {
  travellerFindButton,
  travellerQueryField,
  type TravellerSearch,
} from "~/utils/travellers/traveller-query";
import type { GuestInput } from "~/components/wizard/guest-fields";
import type { RoomsFormMetadata } from "~/components/wizard/rooms-fields";

/**
 * "Find a traveller" beside a guest's fields: the agency's travellers from its earlier requests,
 * found by a part of the name, fill the guest's fields as typed values the clerk can still change.
 * Without JS a button sends the rooms form whole (nothing typed is lost: `travellerSearchIn`) and
 * the page comes back with the matches, each a button that fills this guest; with JS a combobox
 * asks as the clerk types.
 */

/** The search a page without JS asked for, and which guest it was for. */
export type GuestTravellerSearch = TravellerSearch & { guest: string };

/**
 * The matches of a search sent without JS: drawn on the server with the page; in the browser their
 * module is loaded only for a page that has them, and hydrated once it is in (React hydrates the
 * rest of the page meanwhile), so the step's scripts stay within the JS budget.
 */
const Results = import.meta.env.SSR
  ? ResultsAsServed
  : lazy(() =>
      import("~/components/wizard/traveller-results").then((module) => ({
        default: module.TravellerResults,
      })),
    );

export type TravellerResultsProps = {
  form: RoomsFormMetadata;
  guest: FieldMetadata<GuestInput>;
  search: GuestTravellerSearch;
};

export type TravellerComboboxProps = {
  form: RoomsFormMetadata;
  guest: FieldMetadata<GuestInput>;
  /** What was typed in the plain field before the combobox came. */
  initialQuery: string;
};

export function TravellerFinder({
  form,
  guest,
  search,
}: {
  form: RoomsFormMetadata;
  guest: FieldMetadata<GuestInput>;
  search: GuestTravellerSearch | null;
}) {
  const hydrated = useHydrated();
  const shown = search?.guest === guest.name ? search : null;
  const { Combobox, load, failed, handOver } = useCombobox();
  return (
    <div className="flex flex-col gap-1 sm:col-span-2 lg:col-span-3" data-testid="traveller-finder">
      {Combobox ? (
        <Combobox form={form} guest={guest} initialQuery={handOver.current} />
      ) : (
        <TravellerSearchField
          guest={guest}
          query={shown?.query}
          // With JS the field brings the combobox the first time it is used, with what was typed.
          onUse={
            hydrated && !failed
              ? (text) => {
                  handOver.current = text;
                  load();
                }
              : undefined
          }
        />
      )}
      {shown ? (
        <Suspense fallback={null}>
          <Results form={form} guest={guest} search={shown} />
        </Suspense>
      ) : null}
    </div>
  );
}

let comboboxModule: Promise<typeof import("~/components/wizard/traveller-combobox")> | null = null;

/**
 * The combobox, loaded the first time a clerk uses a search field: Headless UI's combobox weighs
 * more than the rest of the step's scripts, and most bookings never search (the JS budget).
 */
function useCombobox() {
  const [Combobox, setCombobox] = useState<ComponentType<TravellerComboboxProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const handOver = useRef("");
  const load = () => {
    comboboxModule ??= import("~/components/wizard/traveller-combobox");
    comboboxModule.then(
      (module) => setCombobox(() => module.TravellerCombobox),
      // Not loaded (a bad line): the field works as without JS, its button sending the form.
      () => {
        comboboxModule = null;
        setFailed(true);
      },
    );
  };
  return { Combobox, load, failed, handOver };
}

function TravellerSearchField({
  guest,
  query,
  onUse,
}: {
  guest: FieldMetadata<GuestInput>;
  query?: string;
  /** With JS: the field is used (focused, typed in, its button pressed). */
  onUse?: (text: string) => void;
}) {
  const { t } = useTranslation("wizard");
  const name = travellerQueryField(guest.name);
  const id = `${guest.id}-traveller`;
  const input = useRef<HTMLInputElement>(null);
  const use = onUse ? () => onUse(input.current?.value ?? "") : undefined;
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {t("travellers.find")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={id}
          // Named only when the form is to carry it: with JS a nameless field, which conform
          // leaves alone (it checks a named field as the focus leaves it, by sending the form).
          name={onUse ? undefined : name}
          defaultValue={query}
          dir="auto"
          autoComplete="off"
          className={`${controlClasses} max-w-xs`}
          onFocus={use}
          onInput={use}
        />{" "}
        <button
          type="submit"
          name={onUse ? undefined : travellerFindButton(guest.name)}
          className={buttonClasses("secondary")}
          onClick={
            use &&
            ((event) => {
              event.preventDefault();
              use();
            })
          }
        >
          {t("travellers.findButton")}
        </button>
      </div>
    </>
  );
}
