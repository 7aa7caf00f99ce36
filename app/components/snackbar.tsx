import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "@remix-run/react";
import { cx } from "~/utils/ui/misc";

export type Toast = { id: string; type: "success" | "error"; message: string };

/**
 * The snackbar for flash messages (spec §2 "Main layout"). Rendered by the server, so it shows
 * without JS; the dismiss control is then a link that reloads the page (the flash is already spent).
 * It stays until dismissed or until the next page (whose root data brings its own toast or none):
 * a message that went away by itself could be missed by a slow reader on a slow page.
 */
export function Snackbar({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [dismissedId, setDismissedId] = useState<string | null>(null);

  if (!toast || toast.id === dismissedId) return null;
  return (
    <div className="fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
        role={toast.type === "error" ? "alert" : "status"}
        data-testid="snackbar"
        className={cx(
          "flex max-w-lg items-start gap-3 rounded px-4 py-3 text-sm text-white shadow-lg",
          toast.type === "error" ? "bg-red-700" : "bg-green-700",
        )}
      >
        <p className="flex-1">{toast.message}</p>
        <a
          href={`${location.pathname}${location.search}`}
          onClick={(event) => {
            event.preventDefault();
            setDismissedId(toast.id);
          }}
          className="font-semibold uppercase underline-offset-2 hover:underline"
        >
          {t("actions.dismiss")}
        </a>
      </div>
    </div>
  );
}
