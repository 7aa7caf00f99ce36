import { z } from "zod";
import { callProvider, defineCall } from "./call.server";
import type { ProviderContext } from "./request.server";

const tokenCall = defineCall({
  operation: "token.requestToken",
  summary:
    "Sign in: exchanges a user name and password for a bearer token (OAuth 2 password grant)",
  method: "POST",
  path: "/token",
  token: false,
  headers: z.object({
    "X-Request-Reference": z
      .string()
      .min(1)
      .describe("An opaque reference of the sign-in attempt, for the provider's own log"),
  }),
  body: {
    form: "application/x-www-form-urlencoded",
    fields: z.object({
      grant_type: z.literal("password"),
      username: z.string().min(1),
      password: z.string().min(1),
    }),
  },
  answer: z.object({
    access_token: z.string().min(1),
    token_type: z.string().optional(),
    expires_in: z.number().optional(),
  }),
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
  const result = await callProvider(ctx, tokenCall, {
    form,
    headers: { "X-Request-Reference": credentials.requestReference },
  });
  return result.access_token;
}

export const tokenCalls = [tokenCall];
