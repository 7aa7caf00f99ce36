import { useTranslation } from "react-i18next";
import { StateChip } from "~/components/state-chip";
import { requestStateLabel, requestStateTone } from "~/utils/request-states";

export function RequestStateChip({ state }: { state: string }) {
  const { t } = useTranslation();
  return <StateChip tone={requestStateTone(state)}>{requestStateLabel(state, t)}</StateChip>;
}
