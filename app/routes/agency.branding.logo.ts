import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLogo } from "~/utils/agency/branding.server";
import { logoResponse } from "~/utils/agency/logo-response.server";
import { requireAgencyId } from "~/utils/agency/agency.server";
import { requireProvider } from "~/utils/session/auth.server";

/** The signed-in clerk's agency's logo (the branding page, the client offer): its own only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const agencyId = await requireAgencyId(context, provider);
  return logoResponse(await getLogo(agencyId).catch(() => null), "private");
}
