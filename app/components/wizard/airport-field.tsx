import type { FieldMetadata } from "@conform-to/react";
import type { Airport } from "~/utils/provider/geo.server";
import { InlineValues } from "~/components/ui/inline-values";
import { SuggestingTextField } from "~/components/wizard/suggestions";

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
 * An airport as a text field (an IATA code or a name), suggested from the geo service as typed;
 * once looked up, the airport it names under it.
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
  return (
    <div>
      <SuggestingTextField<Airport>
        meta={meta as FieldMetadata<unknown>}
        label={label}
        path="/reservations/airports"
        option={(airport) => ({ value: airport.iata, label: `${airport.title} (${airport.city})` })}
        dir="ltr"
      />
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
