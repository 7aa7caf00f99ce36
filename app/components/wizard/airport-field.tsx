import type { FieldMetadata } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useRef } from "react";
import { TextField } from "~/components/forms";
import type { loader as airportsLoader } from "~/routes/reservations.airports";
import { InlineValues } from "~/components/ui/inline-values";

export const AIRPORT_TITLE_LIMIT = 30;

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
  const fetcher = useFetcher<typeof airportsLoader>({ key: `airports-${meta.id}` });
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const listId = `${meta.id}-suggestions`;
  return (
    <div
      onInput={(event) => {
        const text = (event.target as HTMLInputElement).value.trim();
        clearTimeout(timer.current);
        if (text.length < 2) return;
        // Wait for a pause in typing: slow lines should not carry a request per key.
        timer.current = setTimeout(
          () => fetcher.load(`/reservations/airports?${new URLSearchParams({ q: text })}`),
          250,
        );
      }}
    >
      <TextField meta={meta} label={label} list={listId} dir="ltr" autoComplete="off" />
      <datalist id={listId}>
        {fetcher.data?.airports.map((airport) => (
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
