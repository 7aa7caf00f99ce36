import type { AppLoadContext } from "@remix-run/node";
import { getBranding } from "~/utils/agency/branding.server";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import { getAgencyInfo } from "~/utils/provider/agency.server";
import type { ProviderContext } from "~/utils/provider/request.server";
import { sessionStorage } from "~/utils/session/session.server";

/**
 * The signed-in clerk's agency id, from the provider's agency record, kept in the session after
 * the first ask (a user's agency does not change). Never from a form or an address.
 */
export function requireAgencyId(context: AppLoadContext, provider: ProviderContext) {
  // One ask per request, however many of its loaders need the id at once (the offer page's form
  // defaults and its branding): the provider is asked once, the session written once.
  let asked = agencyIdsAsked.get(context);
  if (!asked) {
    asked = agencyIdOf(context, provider);
    agencyIdsAsked.set(context, asked);
  }
  return asked;
}
const agencyIdsAsked = new WeakMap<AppLoadContext, Promise<number>>();

async function agencyIdOf(context: AppLoadContext, provider: ProviderContext) {
  const session = await context.session();
  const kept = session.get("agencyId");
  if (typeof kept === "number") return kept;
  const info = await orProviderErrorPage(context, getAgencyInfo(provider));
  session.set("agencyId", info.AgencyId);
  await sessionStorage.commitSession(session);
  return info.AgencyId;
}

/**
 * What heads the papers a customer is handed (the client offer, the printed request, the voucher):
 * the agency's logo and contact lines, when a clerk has set them. Without the store, the papers
 * are whole without them.
 */
export async function agencyBrandingFor(context: AppLoadContext, provider: ProviderContext) {
  const agencyId = await requireAgencyId(context, provider);
  const branding = await getBranding(agencyId).catch(() => null);
  if (!branding) return null;
  return {
    logo: branding.hasLogo ? `/agency/branding/logo?v=${branding.version}` : null,
    contactLines: branding.contactLines.split("\n").filter((line) => line.trim()),
  };
}
export type AgencyBranding = Awaited<ReturnType<typeof agencyBrandingFor>>;
