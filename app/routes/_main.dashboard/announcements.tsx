import { useTranslation } from "react-i18next";
import type { DashboardData } from "./dashboard-data.server";

/** The provider's announcement banners; a failure shows a short note instead. */
export function AnnouncementList({ result }: { result: DashboardData["announcements"] }) {
  const { t } = useTranslation("dashboard");
  if (result.ok && result.data.length === 0) return null;
  return (
    <section
      aria-label={t("announcements.label")}
      data-testid="widget-announcements"
      className="flex flex-col gap-2"
    >
      {result.ok ? (
        result.data.map((announcement) => (
          <article
            key={announcement.id}
            className="rounded border-s-4 border-primary bg-primary-light p-3 text-sm"
          >
            <h2 className="font-semibold text-primary-dark" dir="auto">
              {announcement.title}
            </h2>
            <p className="mt-1" dir="auto">
              {announcement.body}
            </p>
            <p className="mt-1 text-xs text-gray-600">{announcement.period}</p>
          </article>
        ))
      ) : (
        <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-900">
          {t("announcements.failed")} {result.error}
        </p>
      )}
    </section>
  );
}
