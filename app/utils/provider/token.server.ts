import { z } from "zod";
import { providerRequest, type ProviderContext } from "./request.server";

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});

/** POST /token: exchanges credentials for a bearer token (OAuth password grant). */
export async function requestToken(
  ctx: ProviderContext,
  credentials: { username: string; password: string; requestReference: string },
) {
  const form = new URLSearchParams({
    grant_type: "password",
    username: credentials.username,
    password: credentials.password,
  });
  const result = await providerRequest(
    ctx,
    {
      operation: "token.requestToken",
      method: "POST",
      path: "/token",
      form,
      headers: { "X-Request-Reference": credentials.requestReference },
    },
    tokenSchema,
  );
  return result.access_token;
}
