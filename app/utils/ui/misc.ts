import { useFormAction, useNavigation } from "@remix-run/react";
import { useSpinDelay } from "spin-delay";

/** Joins class names, skipping the falsy ones. */
export function cx(...classes: Array<string | false | null | undefined>) {
  return classes.filter(Boolean).join(" ");
}

/**
 * True while this route's form (or the one posting to `formAction`) is being submitted.
 * Delayed, so fast answers don't flash a spinner at people on good connections.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
}: { formAction?: string; formMethod?: string } = {}) {
  const contextualFormAction = useFormAction();
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formAction === (formAction ?? contextualFormAction) &&
    navigation.formMethod === formMethod;
  return useSpinDelay(pending, { delay: 300, minDuration: 300 });
}
