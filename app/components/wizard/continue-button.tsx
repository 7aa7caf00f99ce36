import { useTranslation } from "react-i18next";
import { StatusButton } from "~/components/ui/button";
import { useIsPending } from "~/utils/ui/misc";

/**
 * Every step ends the same way: Continue, with a spinner while the step is being saved.
 */
export function ContinueButton() {
  const { t } = useTranslation("wizard");
  const isPending = useIsPending();
  return (
    <div>
      <StatusButton pending={isPending} disabled={isPending}>
        {t("continue")}
      </StatusButton>
    </div>
  );
}
