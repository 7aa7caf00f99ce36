/** The environment of the portal under test: one place for playwright.config.ts and the fixtures. */
export function portalEnv(port: string, sandboxUrl: string) {
  return {
    PORT: port,
    NODE_ENV: "production" as const,
    SESSION_SECRET: "e2e-secret",
    SESSION_DIR: ".data/e2e/sessions",
    PROVIDER_API_URL: sandboxUrl,
    PROVIDER_TIMEOUT_MS: "5000",
    SUPPORT_PHONE: "+98 21 9999 0000",
    // Tests name a client's address in this header to try the per-address throttle.
    CLIENT_ADDRESS_HEADER: "X-Forwarded-For",
  };
}

export const PORTAL_COMMAND = [
  "node_modules/@remix-run/serve/dist/cli.js",
  "build/server/index.js",
];
