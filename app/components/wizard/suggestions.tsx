import type { FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { TextField } from "~/components/forms";

/**
 * A lookup's matches for what is typed (airports, airlines, travellers), asked of the portal's
 * route `path` (`?q=`, answering `{ items, message? }`) after a pause in typing: slow lines should
 * not carry a request per key. A plain `fetch`, not a fetcher: a lookup still under way when the
 * form is sent, the next key is typed or the step is left is cancelled, quietly, so at most one is
 * in flight, and no action of the page asks the service again for suggestions nobody reads.
 * `answered` is the text the items answer; `message` the route's word on why there are none.
 */
export function useSuggestions<Item>(path: string) {
  const [answer, setAnswer] = useState<{ items: Item[]; message?: string; answered?: string }>({
    items: [],
  });
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
      fetch(`${path}?${new URLSearchParams({ q: text })}`, { signal: lookup.signal })
        .then((response) => response.json() as Promise<{ items?: Item[]; message?: string }>)
        .then((data) =>
          setAnswer({ items: data.items ?? [], message: data.message, answered: text }),
        )
        // Cancelled, offline or signed out: the field takes what is typed without suggestions.
        .catch(() => {});
    }, 250);
  };
  return { ...answer, suggest };
}

/**
 * A text field that, with JS, suggests a lookup service's matches in a native `<datalist>` as the
 * user types (an airport, an airline, a place); without JS the server looks the text up.
 */
export function SuggestingTextField<Item>({
  meta,
  label,
  hint,
  path,
  option,
  dir,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  /** The portal's route that asks the service (`?q=`, answering `{ items }`). */
  path: string;
  /** A suggestion as the list offers it: the value it fills in and the words beside it. */
  option: (item: Item) => { value: string; label: string };
  dir?: "ltr";
}) {
  const { items, suggest } = useSuggestions<Item>(path);
  const listId = `${meta.id}-suggestions`;
  return (
    <div onInput={(event) => suggest((event.target as HTMLInputElement).value.trim())}>
      <TextField meta={meta} label={label} hint={hint} list={listId} dir={dir} autoComplete="off" />
      <datalist id={listId}>
        {items.map(option).map(({ value, label: words }) => (
          <option key={`${value} ${words}`} value={value}>
            {words}
          </option>
        ))}
      </datalist>
    </div>
  );
}
