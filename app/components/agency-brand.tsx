import { useTranslation } from "react-i18next";
import { Apart } from "~/components/ui/apart";
import type { AgencyBranding } from "~/utils/agency/agency.server";

/**
 * The agency's logo and contact lines, heading what a customer is handed (the client offer, the
 * printed request, the voucher, a shared offer's page); nothing while the agency has set neither.
 */
export function AgencyBrand({
  branding,
  agencyName,
}: {
  branding: AgencyBranding;
  agencyName: string | null;
}) {
  const { t } = useTranslation();
  if (!branding || (!branding.logo && branding.contactLines.length === 0)) return null;
  return (
    <div className="flex flex-wrap items-start gap-4" data-testid="agency-brand">
      {branding.logo ? (
        <img
          src={branding.logo}
          alt={agencyName ?? t("layout.agencyLogo")}
          className="max-h-20 max-w-[12rem]"
        />
      ) : null}
      {branding.contactLines.length ? (
        <address className="text-sm not-italic text-gray-700">
          <Apart>
            {branding.contactLines.map((line) => (
              <bdi key={line} className="block">
                {line}
              </bdi>
            ))}
          </Apart>
        </address>
      ) : null}
    </div>
  );
}
