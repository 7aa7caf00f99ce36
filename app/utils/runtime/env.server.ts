import { z } from "zod";

function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Secrets from examples and tutorials: anyone can sign a cookie with them. */
const KNOWN_PLACEHOLDERS =
  /change-?me|replace-?me|your-?secret|dev-only-secret|^(secret|password)/i;

/** How many different characters a secret of random letters and digits has at the least. */
const MIN_DISTINCT_CHARACTERS = 10;

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PROVIDER_API_URL: z.string().url().default("http://127.0.0.1:4010"),
    // The third-party geo service (airport autocomplete); the sandbox serves one under /geo.
    GEO_API_URL: z.string().url().optional(),
    // The third-party airline service (airlines the provider's list lacks); the sandbox serves one.
    AIRLINE_API_URL: z.string().url().optional(),
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(0).default(15000),
    SESSION_SECRET: z.string().min(1).optional(),
    SESSION_DIR: z.string().default(".data/sessions"),
    REDIS_URL: z.string().url().optional(),
    // The portal's own store (decision 043): what an agency hands its customers. Unset, the pages
    // that need it say it is not there; everything else works.
    DATABASE_URL: z.string().url().optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
    // The address the customer's links start with (https://portal.example); unset, the request's.
    PUBLIC_URL: z.string().url().optional(),
    // A Redis that Sentinel supervises (decision 037): the Sentinels as host:port,host:port, the
    // name they know the primary by, and the passwords of the data nodes and of the Sentinels.
    REDIS_SENTINELS: z
      .string()
      .regex(/^[^\s,:]+:\d+(,[^\s,:]+:\d+)*$/, "is not host:port,host:port")
      .optional(),
    REDIS_SENTINEL_NAME: z.string().default("mymaster"),
    REDIS_PASSWORD: z.string().optional(),
    REDIS_SENTINEL_PASSWORD: z.string().optional(),
    // How long a use of Redis may wait (for a failover's new primary, a restart) before the page
    // says "try again in a moment"; how many may wait at once on an instance.
    REDIS_DEADLINE_MS: z.coerce.number().int().min(100).default(10000),
    REDIS_WAITING_MAX: z.coerce.number().int().min(1).default(500),
    // A write is acknowledged once this many replicas hold it (WAIT), waiting at most
    // REDIS_REPLICA_WAIT_MS; 1 under Sentinel unless set, 0 (no WAIT) otherwise.
    REDIS_REPLICAS_TO_WAIT_FOR: z.coerce.number().int().min(0).optional(),
    REDIS_REPLICA_WAIT_MS: z.coerce.number().int().min(1).default(1000),
    // The provider writes date-times as its local wall clock, with no offset: this names its zone.
    PROVIDER_TIME_ZONE: z
      .string()
      .default("Asia/Tehran")
      .refine(isTimeZone, "is not an IANA time zone name (e.g. Asia/Tehran, UTC)"),
    SUPPORT_PHONE: z.string().default("+98 21 1234 5678"),
    // How long a session's pages reuse the side menu's count of payments due (the dashboard
    // always asks the provider).
    MENU_COUNT_REUSE_SECONDS: z.coerce.number().int().min(1).default(60),
    APP_VERSION: z.string().default("3.15.1"),
    // The footer's copyright year (spec: from configuration); unset, the current year in the
    // user's calendar.
    APP_COPYRIGHT_YEAR: z
      .string()
      .regex(/^\d{4}$/, "a year of four digits")
      .optional(),
    APP_SHORT_NAME: z.string().default("Agency Portal"),
    APP_BRAND: z.string().default("Hotel Booking"),
    // A session unused this long is over (the wizard's draft is kept: it belongs to the user).
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
    // A session ends this long after its sign-in, however often it is used.
    SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
    // Sign-in throttling (app/utils/limits/sign-in-throttle.server.ts, decision 031), failures counted
    // for SIGNIN_WINDOW_MINUTES each: a device that signed in as a user before has this many of
    // its own for that user; other devices share SIGNIN_USER_MAX_FAILURES per user name (each
    // attempt waiting SIGNIN_SLOWDOWN_MS more for each failure before it), which then lock the user
    // name for them SIGNIN_LOCK_MINUTES, twice as long at each lock of the day up to
    // SIGNIN_LOCK_MAX_MINUTES; past SIGNIN_CLIENT_MAX_FAILURES per client, each browser there has
    // SIGNIN_BROWSER_MAX_FAILURES and all its browsers together one attempt every
    // SIGNIN_CLIENT_PACE_MS, at most SIGNIN_CLIENT_QUEUE waiting; past SIGNIN_GLOBAL_MAX_FAILURES
    // from all clients together, unknown devices wait SIGNIN_SLOWDOWN_MS more.
    // Lookups a user may make in 10 minutes (the geo and airline services, the travellers booked
    // before): a busy clerk makes a few dozen; a deployment whose services allow fewer sets less.
    LOOKUPS_PER_USER: z.coerce.number().int().min(1).default(300),
    SIGNIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(10),
    SIGNIN_DEVICE_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
    SIGNIN_USER_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    SIGNIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(1),
    SIGNIN_LOCK_MAX_MINUTES: z.coerce.number().int().min(1).default(30),
    SIGNIN_CLIENT_MAX_FAILURES: z.coerce.number().int().min(1).default(30),
    SIGNIN_BROWSER_MAX_FAILURES: z.coerce.number().int().min(1).default(3),
    SIGNIN_SLOWDOWN_MS: z.coerce.number().int().min(0).default(1000),
    SIGNIN_CLIENT_PACE_MS: z.coerce.number().int().min(1).default(15_000),
    SIGNIN_CLIENT_QUEUE: z.coerce.number().int().min(0).default(2),
    // A network (an IPv4 /24, an IPv6 /48): this many failures, then one attempt each
    // SIGNIN_NETWORK_PACE_MS for all its addresses together.
    SIGNIN_NETWORK_MAX_FAILURES: z.coerce.number().int().min(1).default(100),
    SIGNIN_NETWORK_PACE_MS: z.coerce.number().int().min(1).default(5_000),
    SIGNIN_GLOBAL_MAX_FAILURES: z.coerce.number().int().min(1).default(300),
    // Whether the provider keeps an order (contract) to one currency: on, a request is added to
    // an order only with a hotel selling in its currency, and the hotel step says so; off (a
    // provider that converts), any hotel may join. docs/provider-api.md, "submit".
    ORDER_SINGLE_CURRENCY: z
      .enum(["true", "false", "1", "0", "on", "off"])
      .default("true")
      .transform((value) => ["true", "1", "on"].includes(value)),
    // The header a trusted proxy puts the client's address in (its last entry counts), e.g.
    // X-Forwarded-For. Unset: the address the connection comes from.
    CLIENT_ADDRESS_HEADER: z.string().optional(),
    // The HTTP layer's limits (server/index.ts, deploy/haproxy.cfg). A form's body, and a receipt's:
    // a file past its 5 MiB (a phone's photo) is read and dropped up to this, and the form comes
    // back with the user's values; past it, 413. How many fields either may have.
    FORM_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(64 * 1024),
    UPLOAD_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(6 * 1024 * 1024)
      .default(25 * 1024 * 1024),
    FORM_FIELD_LIMIT: z.coerce.number().int().min(10).default(1000),
    // A client that sends no header byte for this long, or no body byte, is cut off; a whole
    // request (headers and body) must be in within REQUEST_TIMEOUT_MS: a 5 MB receipt over slow 3G
    // (400 kbps) takes about 105 s.
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
    BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(500).default(10_000),
    // A body that trickles in (a byte every few seconds keeps it from being idle) must bring at
    // least this many bytes a second over each BODY_IDLE_TIMEOUT_MS: slow 3G brings 50,000.
    BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(512),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(180_000),
    // How long an idle keep-alive connection stays open (Node's own 5 s by default). Behind a load
    // balancer that keeps connections longer, set it above the balancer's idle timeout, or a
    // request it sends as the portal closes the connection meets a reset.
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(5000),
  })
  .superRefine((env, ctx) => {
    if (env.REDIS_URL && env.REDIS_SENTINELS) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["REDIS_SENTINELS"],
        message: "and REDIS_URL are both set: set one (the Sentinels find the primary themselves)",
      });
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message: "is required in production (a long random string; comma-separate to rotate)",
      });
    }
    const weak = env.SESSION_SECRET?.split(",")
      .map((secret) => secret.trim())
      .find(
        (secret) =>
          secret.length < 32 ||
          KNOWN_PLACEHOLDERS.test(secret) ||
          // 32 × "a", "abab…": long, and guessed at once. A random hex string has 16 or so.
          new Set(secret).size < MIN_DISTINCT_CHARACTERS,
      );
    if (env.NODE_ENV === "production" && weak !== undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message:
          "is too weak for production: each secret at least 32 random characters, not a placeholder (make one with `openssl rand -hex 32`)",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings (e.g. `REDIS_URL=` in a .env file) mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid environment, the portal cannot start:\n${problems}`);
  }
  return result.data;
}

export const env = parseEnv(process.env);

export const geoApiUrl = env.GEO_API_URL ?? `${env.PROVIDER_API_URL.replace(/\/$/, "")}/geo`;
export const airlineApiUrl =
  env.AIRLINE_API_URL ?? `${env.PROVIDER_API_URL.replace(/\/$/, "")}/airline-service`;

/** The secrets that sign cookies; a fixed one outside production keeps dev sessions across restarts. */
export const cookieSecrets = (env.SESSION_SECRET ?? "dev-only-secret-not-for-production")
  .split(",")
  .map((secret) => secret.trim())
  .filter(Boolean);
