import type { ChipTone } from "~/components/state-chip";

/**
 * States of orders, payments and tickets, as the provider spells them (docs/provider-api.md),
 * and the colour of each chip (spec §4).
 */

export const ORDER_STATES = ["Open", "PartlyPaid", "Paid"] as const;

export function orderStateTone(state: string): ChipTone {
  return state === "Paid" ? "green" : state === "PartlyPaid" ? "yellow" : "lightBlue";
}

/** Spec §4: receipt payments New (blue), Approved (green), Rejected (orange), Refunded (red); cash alike. */
export const PAYMENT_STATES = ["New", "Approved", "Rejected", "Refunded"] as const;

export function paymentStateTone(state: string): ChipTone {
  switch (state) {
    case "New":
      return "blue";
    case "Approved":
      return "green";
    case "Rejected":
      return "orange";
    case "Refunded":
      return "red";
    default:
      return "grey";
  }
}

/** A known state's translation key under `prefix`, or the provider's own word. */
export function stateLabel(
  state: string,
  known: readonly string[],
  prefix: string,
  t: (key: string) => string,
) {
  return known.includes(state) ? t(`${prefix}.${state}`) : state;
}

/** Spec §4: the five ticket categories, by their number on the wire (names in `orders:tickets.categories`). */
export const TICKET_CATEGORIES = [1, 2, 3, 4, 5] as const;
