/**
 * A reservation request's states as the provider spells them on the wire, in the order the portal
 * shows them (the provider's order of a list is not trusted). docs/provider-api.md lists them.
 */
export const REQUEST_STATES = [
  "New",
  "Requested",
  "PaymentPending",
  "ConfirmationPending",
  "Confirmed",
  "Rejected",
  "Cancelled",
  "Refunded",
  "Approved",
  "Settled",
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

function isKnownRequestState(state: string): state is RequestState {
  return (REQUEST_STATES as readonly string[]).includes(state);
}

/**
 * A state's name for people: translated when the portal knows it; otherwise the provider's own
 * word made readable ("PaymentOverdue" → "Payment overdue"), never a translation key.
 */
export function requestStateLabel(state: string, t: (key: string) => string) {
  if (isKnownRequestState(state)) return t(`requestStates.${state}`);
  const words = state
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Known states in the portal's order, then any the portal does not know, as the provider sent them. */
export function inRequestStateOrder<T extends { State: string }>(entries: T[]) {
  const rank = (state: string) =>
    isKnownRequestState(state) ? REQUEST_STATES.indexOf(state) : REQUEST_STATES.length;
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry.State) - rank(b.entry.State) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** Spec §4 chip colours; a state the portal does not know is grey. */
export function requestStateTone(state: string) {
  switch (state) {
    case "New":
    case "Requested":
      return "lightBlue" as const;
    case "Cancelled":
    case "Refunded":
      return "orange" as const;
    case "ConfirmationPending":
    case "PaymentPending":
      return "yellow" as const;
    case "Rejected":
      return "red" as const;
    case "Confirmed":
    case "Approved":
      return "green" as const;
    case "Settled":
      return "darkBlue" as const;
    default:
      return "grey" as const;
  }
}

/** A traveller's voucher exists only for a request the provider has confirmed. */
export function hasVoucher(state: string) {
  return state === "Confirmed";
}
