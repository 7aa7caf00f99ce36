import { randomBytes } from "node:crypto";
import { http, HttpResponse } from "msw";
import { TOKEN_LIFETIME_MS, type SandboxContext } from "./common";

function oauthError(error: string, description: string) {
  return HttpResponse.json({ error, error_description: description }, { status: 400 });
}

export function authHandlers(ctx: SandboxContext) {
  return [
    // OAuth 2 password grant, as the provider's token endpoint speaks it.
    http.post(`${ctx.base}/token`, async ({ request }) => {
      if (!request.headers.get("X-Request-Reference")) {
        return oauthError("invalid_request", "The X-Request-Reference header is required.");
      }
      const form = new URLSearchParams(await request.text());
      ctx.secrets.add(form.get("password"));
      if (form.get("grant_type") !== "password")
        return oauthError("unsupported_grant_type", "Only the password grant is supported.");
      const { state } = ctx.store;
      const user = state.users.find(
        (entry) => entry.userName.toLowerCase() === (form.get("username") ?? "").toLowerCase(),
      );
      if (!user || user.password !== form.get("password")) {
        return oauthError("invalid_grant", "The user name or password is incorrect.");
      }
      const agency = state.agencies.find((entry) => entry.id === user.agencyId);
      if (agency?.status !== "active") {
        return oauthError(
          "access_pending",
          "Your agency's access request is still being reviewed.",
        );
      }
      const token = randomBytes(24).toString("base64url");
      ctx.secrets.add(token);
      const now = Date.now();
      // Forget expired tokens so the data file does not grow forever.
      state.tokens = state.tokens.filter((entry) => new Date(entry.expiresAt).getTime() > now);
      state.tokens.push({
        token,
        userName: user.userName,
        expiresAt: new Date(now + TOKEN_LIFETIME_MS).toISOString(),
      });
      ctx.store.save();
      return HttpResponse.json({
        access_token: token,
        token_type: "bearer",
        expires_in: TOKEN_LIFETIME_MS / 1000,
      });
    }),
  ];
}
