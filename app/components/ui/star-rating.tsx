import { useTranslation } from "react-i18next";
import { localizeDigits } from "~/utils/format/numbers";

/**
 * A hotel's star grade: stars to see, "4 stars" to read and hear. The grade is in the glyphs
 * themselves (★★★★☆), not only their colour, and in words, which the stylesheet hides from the
 * eye: a browser without CSS shows "★★★★☆ 4 stars" (WCAG 1.4.1).
 */
export function StarRating({ grade }: { grade: number }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="whitespace-nowrap">
      <span aria-hidden="true" className="text-amber-500">
        {"★".repeat(grade)}
        <span className="text-gray-400">{"☆".repeat(Math.max(0, 5 - grade))}</span>
      </span>{" "}
      <span className="sr-only">
        {t("stars", { count: grade, grade: localizeDigits(grade, i18n.language) })}
      </span>
    </span>
  );
}
