import { useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useSpinDelay } from "spin-delay";

/** A thin bar at the top while a page loads or a form is sent (JS only; the browser shows its own without). */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = useSpinDelay(navigation.state !== "idle", { delay: 150, minDuration: 300 });
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("loading")}
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary-light"
    >
      <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] bg-primary" />
    </div>
  );
}
