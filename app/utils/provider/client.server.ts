import { z } from "zod";
import { providerRequest, withoutToken, type ProviderContext } from "./request.server";

export const profileSummarySchema = z.object({
  UserName: z.string(),
  AgencyName: z.string(),
  ShouldVerifyEmail: z.boolean(),
});

/** GET /api/Client as UserProfileData: who is signed in (spec §3 "Profile summary"). */
export function getProfileSummary(ctx: ProviderContext) {
  return providerRequest(
    ctx,
    { path: "/api/Client", responseModel: "UserProfileData" },
    profileSummarySchema,
  );
}

/** GET /api/Client as CurrencyData (no token): the currencies a receipt may be paid in. */
export function getCurrencies(ctx: ProviderContext) {
  return providerRequest(
    withoutToken(ctx),
    { path: "/api/Client", responseModel: "CurrencyData" },
    z.array(z.object({ Id: z.number(), Code: z.string(), Sign: z.string(), Title: z.string() })),
  );
}

/** GET /api/Client as BankData (no token): the banks a receipt may come from. */
export function getBanks(ctx: ProviderContext) {
  return providerRequest(
    withoutToken(ctx),
    { path: "/api/Client", responseModel: "BankData" },
    z.array(z.object({ Id: z.number(), Name: z.string() })),
  );
}
