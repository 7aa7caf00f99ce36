import { useTranslation } from "react-i18next";
import { StateChip } from "~/components/state-chip";
import {
  ORDER_STATES,
  orderStateTone,
  PAYMENT_STATES,
  paymentStateTone,
  stateLabel,
} from "~/utils/money/order-states";
import { requestStateLabel, requestStateTone } from "~/utils/requests/request-states";

/** Each kind of state as a chip: the text says the state, the colour repeats it (spec §4). */

export function RequestStateChip({ state }: { state: string }) {
  const { t } = useTranslation();
  return <StateChip tone={requestStateTone(state)}>{requestStateLabel(state, t)}</StateChip>;
}

export function OrderStateChip({ state }: { state: string }) {
  const { t } = useTranslation("orders");
  return (
    <StateChip tone={orderStateTone(state)}>
      {stateLabel(state, ORDER_STATES, "states", t)}
    </StateChip>
  );
}

/** Receipt and cash payments share the wire states; cash ones read differently (spec §4). */
export function PaymentStateChip({ state, kind }: { state: string; kind: "Receipt" | "Cash" }) {
  const { t } = useTranslation("payments");
  const prefix = kind === "Cash" ? "cashStates" : "receiptStates";
  return (
    <StateChip tone={paymentStateTone(state)}>
      {stateLabel(state, PAYMENT_STATES, prefix, t)}
    </StateChip>
  );
}

export function TicketStateChip({ closed }: { closed: boolean }) {
  const { t } = useTranslation("orders");
  return (
    <StateChip tone={closed ? "grey" : "green"}>
      {closed ? t("tickets.resolved") : t("tickets.active")}
    </StateChip>
  );
}
