import { z } from "zod";
import { providerRequest, type ProviderContext } from "./request.server";

/** PUT /api/Users as CurrentUserChangePasswordDto. */
export async function changePassword(
  ctx: ProviderContext,
  passwords: { CurrentPassword: string; NewPassword: string; ConfirmPassword: string },
) {
  await providerRequest(
    ctx,
    {
      method: "PUT",
      path: "/api/Users",
      bodyModel: "CurrentUserChangePasswordDto",
      json: passwords,
    },
    z.unknown(),
  );
}
