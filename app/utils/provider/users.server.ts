import { z } from "zod";
import { callProvider, defineCall } from "./call.server";
import type { ProviderContext } from "./request.server";

const passwordChangeSchema = z.object({
  CurrentPassword: z.string().min(1),
  NewPassword: z
    .string()
    .min(8)
    .describe("At least 8 characters, with a capital letter, a small letter and a digit"),
  ConfirmPassword: z.string().min(1),
});

const changePasswordCall = defineCall({
  operation: "users.changePassword",
  summary: "Changes the signed-in user's password",
  method: "PUT",
  path: "/api/Users",
  token: true,
  body: { model: "CurrentUserChangePasswordDto", json: passwordChangeSchema },
  answer: "empty",
});

/** PUT /api/Users as CurrentUserChangePasswordDto. */
export async function changePassword(
  ctx: ProviderContext,
  passwords: z.infer<typeof passwordChangeSchema>,
) {
  await callProvider(ctx, changePasswordCall, { json: passwords });
}

export const usersCalls = [changePasswordCall];
