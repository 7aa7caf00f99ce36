import type { FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { TextField } from "~/components/forms";
import type { Airport } from "~/utils/provider/geo.server";
import { InlineValues } from "~/components/ui/inline-values";

const AIRPORT_TITLE_LIMIT = 30;

/** Spec §9: airport titles are cut at 30 characters; the full name stays in `title`. */
export function AirportTitle({ title }: { title: string }) {
  const short =
    title.length > AIRPORT_TITLE_LIMIT ? `${title.slice(0, AIRPORT_TITLE_LIMIT - 1)}…` : title;
  return (
    <bdi title={title} dir="ltr">
      {short}
    </bdi>
  );
}

/**
 * The geo service's matches for what is typed, asked for after a pause in typing (slow lines
 * should not carry a request per key). A plain `fetch`, not a fetcher: a lookup still under way
 * when the form is sent, the next key is typed or the step is left is cancelled, quietly, and no
 * action of the page asks the geo service again for suggestions nobody reads.
 */
function useAirportSuggestions() {
  const [airports, setAirports] = useState<Airport[]>([]);
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; lookup?: AbortController }>({});
  const cancel = useCallback(() => {
    clearTimeout(pending.current.timer);
    pending.current.lookup?.abort();
  }, []);
  useEffect(() => cancel, [cancel]);
  // The form is sent (not a "submit" event: conform dispatches those to validate as one types).
  const sending = useNavigation().state === "submitting";
  useEffect(() => {
    if (sending) cancel();
  }, [sending, cancel]);
  const suggest = (text: string) => {
    cancel();
    if (text.length < 2) return;
    pending.current.timer = setTimeout(() => {
      const lookup = new AbortController();
      pending.current.lookup = lookup;
      fetch(`/reservations/airports?${new URLSearchParams({ q: text })}`, {
        signal: lookup.signal,
      })
        .then((response) => (response.ok ? response.json() : { airports: [] }))
        .then((data: { airports: Airport[] }) => setAirports(data.airports))
        // Cancelled, offline or signed out: the field takes a code or a name without suggestions.
        .catch(() => {});
    }, 250);
  };
  return { airports, suggest };
}

/**
 * An airport as a text field (an IATA code or a name). With JS it suggests matches from the geo
 * service in a native `<datalist>` as the user types; without JS the server looks the text up.
 */
export function AirportField({
  meta,
  label,
  resolved,
}: {
  meta: FieldMetadata<string>;
  label: string;
  resolved?: { iata: string; title: string };
}) {
  const { airports, suggest } = useAirportSuggestions();
  const listId = `${meta.id}-suggestions`;
  return (
    <div onInput={(event) => suggest((event.target as HTMLInputElement).value.trim())}>
      <TextField meta={meta} label={label} list={listId} dir="ltr" autoComplete="off" />
      <datalist id={listId}>
        {airports.map((airport) => (
          <option key={airport.iata} value={airport.iata}>
            {`${airport.title} (${airport.city})`}
          </option>
        ))}
      </datalist>
      {resolved ? (
        <p className="mt-1 text-xs text-gray-600" data-testid={`${meta.name}-resolved`}>
          <InlineValues
            values={[resolved.iata, <AirportTitle key="title" title={resolved.title} />]}
          />
        </p>
      ) : null}
    </div>
  );
}
