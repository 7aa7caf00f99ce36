import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { DashboardData } from "./dashboard-data.server";

const ADVANCE_EVERY_MS = 7000;

/**
 * The advertisement banners (spec §2): a row that scrolls sideways without JS. With JS it moves on
 * by itself, pausing while the pointer or keyboard focus is on it, and never for users who ask for
 * reduced motion. A failure here simply leaves the banners out: they are advertising.
 */
export function BannerRow({ result }: { result: DashboardData["pictures"] }) {
  const { t } = useTranslation("dashboard");
  const row = useAutoAdvance();
  if (!result.ok || result.data.length === 0) return null;
  return (
    // A focusable region, so keyboard users can scroll the row with the arrow keys.
    <div
      ref={row}
      role="region"
      aria-label={t("banners.label")}
      tabIndex={0}
      data-testid="banner-row"
      className="snap-x snap-mandatory overflow-x-auto rounded pb-2"
    >
      <ul className="flex gap-3">
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
    </div>
  );
}

function useAutoAdvance() {
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = row.current;
    const list = element?.querySelector("ul");
    if (!element || !list || list.children.length < 2) return;
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
      const items = Array.from(list.children) as HTMLElement[];
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
