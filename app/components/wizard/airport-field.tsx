import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/forms";
import type { Airport } from "~/utils/provider/geo.server";
import { InlineValues } from "~/components/ui/inline-values";
import { useSuggestions } from "~/components/wizard/suggestions";

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
  const { items: airports, suggest } = useSuggestions<Airport>("/reservations/airports");
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
