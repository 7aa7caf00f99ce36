/**
 * Writes `value` into a field as if the user had typed it: the form's validation (conform) and
 * anything else listening hear of it.
 */
export function writeAsTyped(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}
