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
      operation: "users.changePassword",
      method: "PUT",
      path: "/api/Users",
      bodyModel: "CurrentUserChangePasswordDto",
      json: passwords,
    },
    z.unknown(),
  );
}
