/**
 * A conform intent (add a room, remove a guest) carried by a button's name before the page is
 * hydrated, not by its value: lynx shows a button's value before its label, and conform's value is
 * JSON (`({"type":"insert",…}) Add a Double room`). A button without a value sends its name with
 * an empty value; `intentFromButtonName` turns that back into the field conform reads.
 */
const INTENT = "__intent__";
const INTENT_IN_NAME = `${INTENT}:`;

/** The name and value of a button conform gave an intent, the intent moved into the name. */
export function intentInName(props: { name: string; value: string }) {
  return { name: `${INTENT_IN_NAME}${props.value}`, value: undefined };
}

/** The form with an intent sent in a button's name put where conform reads it. */
export function intentFromButtonName(formData: FormData) {
  for (const key of [...formData.keys()]) {
    if (!key.startsWith(INTENT_IN_NAME)) continue;
    formData.delete(key);
    formData.set(INTENT, key.slice(INTENT_IN_NAME.length));
  }
  return formData;
}
