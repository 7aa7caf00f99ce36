import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { cookieSecrets, env } from "~/utils/env.server";

// Many of our users' browsers are too old to honour SameSite, so every mutating form carries a token.
const csrfCookie = createCookie("csrf", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  secrets: cookieSecrets,
});

export const csrf = new CSRF({ cookie: csrfCookie, formDataKey: "csrf", secret: cookieSecrets[0] });

/** Throws 403 unless the form's token matches the cookie's. */
export async function validateCSRF(formData: FormData, headers: Headers) {
  try {
    await csrf.validate(formData, headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw new Response("Invalid or missing security token: reload the page and try again.", {
        status: 403,
      });
    }
    throw error;
  }
}
