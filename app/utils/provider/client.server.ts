import { z } from "zod";
import { providerRequest, type ProviderContext } from "./request.server";

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
