import { useTranslation } from "react-i18next";
import { localizeDigits } from "~/utils/format/numbers";

/** A hotel's star grade: stars to see, "4 stars" to hear. */
export function StarRating({ grade }: { grade: number }) {
  const { t, i18n } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t("stars", { count: grade, grade: localizeDigits(grade, i18n.language) })}
      className="whitespace-nowrap text-amber-500"
    >
      {"★".repeat(grade)}
      <span className="text-gray-300">{"★".repeat(Math.max(0, 5 - grade))}</span>
    </span>
  );
}
