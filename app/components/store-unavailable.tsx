import { useTranslation } from "react-i18next";

/** Where a page's part needs the portal's own store and it does not answer: the rest works. */
export function StoreUnavailable() {
  const { t } = useTranslation("agency");
  return (
    <p role="status" className="rounded border-s-4 border-amber-500 bg-amber-50 p-3 text-sm">
      {t("storeUnavailable")}
    </p>
  );
}
