import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Settled } from "~/utils/settled";

type Picture = { id: number; fileName: string; title?: string | null };

const ADVANCE_EVERY_MS = 7000;

/**
 * The advertisement banners (spec §2): a row that scrolls sideways without JS. With JS it moves on
 * by itself, pausing while the pointer or keyboard focus is on it, and never for users who ask for
 * reduced motion. A failure here simply leaves the banners out: they are advertising.
 */
export function BannerRow({ result }: { result: Settled<Picture[]> }) {
  const { t } = useTranslation("dashboard");
  const row = useAutoAdvance();
  if (!result.ok || result.data.length === 0) return null;
  return (
    <section aria-label={t("banners.label")}>
      <ul
        ref={row}
        data-testid="banner-row"
        className="flex snap-x snap-mandatory gap-3 overflow-x-auto rounded pb-2"
      >
        {result.data.map((picture, index) => (
          <li key={picture.id} className="w-full shrink-0 snap-start md:w-4/5">
            <img
              src={`/dashboard/banners/${encodeURIComponent(picture.fileName)}`}
              alt={picture.title || t("banners.fallbackAlt")}
              width={1200}
              height={300}
              // The first banner is above the fold; the rest wait until they scroll into view.
              loading={index === 0 ? "eager" : "lazy"}
              className="h-auto w-full rounded"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function useAutoAdvance() {
  const row = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const element = row.current;
    if (!element || element.children.length < 2) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let paused = false;
    const pause = () => (paused = true);
    const resume = () =>
      (paused = element.matches(":hover") || element.contains(document.activeElement));
    element.addEventListener("pointerenter", pause);
    element.addEventListener("pointerleave", resume);
    element.addEventListener("focusin", pause);
    element.addEventListener("focusout", () => setTimeout(resume));
    const timer = setInterval(() => {
      if (paused || document.hidden) return;
      const items = Array.from(element.children) as HTMLElement[];
      const start = element.getBoundingClientRect();
      // The first item whose start is past the row's start is next; after the last, back to the first.
      const rtl = getComputedStyle(element).direction === "rtl";
      const current = items.findIndex((item) => {
        const box = item.getBoundingClientRect();
        return rtl ? Math.abs(box.right - start.right) < 4 : Math.abs(box.left - start.left) < 4;
      });
      const next = items[(current + 1) % items.length];
      const box = next.getBoundingClientRect();
      element.scrollBy({
        left: rtl ? box.right - start.right : box.left - start.left,
        behavior: "smooth",
      });
    }, ADVANCE_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return row;
}
