import type { TFunction } from "i18next";
import { defaultLanguage, isLanguage, type Language } from "~/i18n";
import { env } from "~/utils/runtime/env.server";
import { i18nInstanceFor, i18nServer } from "~/utils/i18n/i18n.server";
import { MAX_RECEIPT_BYTES } from "~/utils/money/receipt";
import { runShutdownClosers } from "~/utils/runtime/shutdown.server";
import { metrics } from "~/utils/runtime/metrics.server";
import { healthDetail } from "~/utils/runtime/health.server";
import { PLAIN_PAGE_POLICY, plainPage } from "~/utils/http/plain-page.server";
import { providerWaits, traceIdOf, type ProviderWaits } from "~/utils/runtime/request-log.server";
import { sessionStorage, type PortalSession } from "~/utils/session/session.server";

/**
 * What the portal's own HTTP server (`server/index.ts`) takes from the app build: the limits, the
 * per-request context every loader and action receives, and the translated pages it answers with
 * before Remix runs. It reaches the server as `httpLayer`, an export of `entry.server.tsx`, so the
 * server and the routes share one copy of the environment, the translations and the shutdown hooks.
 */

/** Routes whose form carries a file: the receipt (its page, and the dialog that posts to it). */
const UPLOAD_ROUTE = /^\/(orders\/order-details\/[^/]+\/receipt|agency\/branding)(\.data)?$/;

/** The most a request body may hold on this path, checked before a byte of it is read. */
export function bodyLimitFor(pathname: string) {
  return UPLOAD_ROUTE.test(pathname) ? env.UPLOAD_BODY_LIMIT_BYTES : env.FORM_BODY_LIMIT_BYTES;
}

export const limits = {
  formFields: env.FORM_FIELD_LIMIT,
  headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
  bodyIdleTimeoutMs: env.BODY_IDLE_TIMEOUT_MS,
  bodyMinBytesPerSecond: env.BODY_MIN_BYTES_PER_SECOND,
  requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
  keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
  clientAddressHeader: env.CLIENT_ADDRESS_HEADER,
};

type LogFields = Record<string, string | number | boolean | undefined>;
type Logger = {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
};

/** One JSON line per event on stdout, the way the request log writes, tagged with the request. */
function createLogger(base: LogFields = {}): Logger {
  const write =
    (level: string) =>
    (msg: string, fields: LogFields = {}) =>
      process.stdout.write(
        `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...base, ...fields })}\n`,
      );
  return { info: write("info"), warn: write("warn"), error: write("error") };
}

/** What every loader and action receives as `context`, made once per request by the server. */
export type RequestContext = {
  requestId: string;
  /** The socket's address, or the last entry of the trusted proxy's header (CLIENT_ADDRESS_HEADER). */
  clientAddress: string;
  /**
   * The origin the browser used (`https://portal.example`): behind the proxy named by
   * CLIENT_ADDRESS_HEADER, the scheme it says (`X-Forwarded-Proto`) and the host it was asked
   * for (`X-Forwarded-Host`, else `Host`); else the request's own.
   */
  origin: string;
  language: Language;
  /** A translator for the request's language: `translator("requests")("list.title")`. */
  translator: (namespace?: string) => TFunction;
  /**
   * The rest of the request (the loaders after its action, the document) in another language: a
   * form's language button answers the page in the new language with what was typed
   * (`language-switch.server.ts`).
   */
  switchLanguage: (language: Language) => Promise<void>;
  /**
   * The session of the request's cookie, read from its store at the first call and shared by
   * every later one (the route's helpers, its loaders after its action): a change one makes, the
   * others see.
   */
  session: () => Promise<PortalSession>;
  /**
   * Whether the request came from a signed-in session, as far as its route read the session
   * (never read for it: a request with no session to speak of, an asset's, a refusal's).
   */
  wasSignedIn: () => Promise<boolean>;
  /** The calls to the provider the request made and the time it waited for them (its log line). */
  providerWaits: ProviderWaits;
  log: Logger;
};

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

/** The language the request asks for: the `lng` cookie, then `?lng=`, else English. */
async function languageOf(url: string, cookie: string | undefined): Promise<Language> {
  const language = await i18nServer.getLocale(
    new Request(url, { headers: cookie ? { Cookie: cookie } : {} }),
  );
  return isLanguage(language) ? language : defaultLanguage;
}

export async function createRequestContext({
  requestId,
  clientAddress,
  origin,
  url,
  cookie,
}: {
  requestId: string;
  clientAddress: string;
  origin: string;
  url: string;
  cookie: string | undefined;
}): Promise<RequestContext> {
  const language = await languageOf(url, cookie);
  const instance = await i18nInstanceFor(language);
  let session: Promise<PortalSession> | undefined;
  const translatorFor =
    (translating: typeof instance, into: Language) =>
    (namespace = "common") =>
      translating.getFixedT(into, namespace);
  const context: RequestContext = {
    requestId,
    clientAddress,
    origin,
    language,
    translator: translatorFor(instance, language),
    switchLanguage: async (next) => {
      const translating = await i18nInstanceFor(next);
      context.language = next;
      context.translator = translatorFor(translating, next);
    },
    session: () => (session ??= sessionStorage.getSession(cookie ?? null)),
    wasSignedIn: async () =>
      Boolean(session && (await session.then((read) => read.get("token")).catch(() => null))),
    providerWaits: providerWaits(),
    log: createLogger({ requestId }),
  };
  return context;
}

/** The refusals the server answers itself, before Remix: what a person might meet, translated. */
export type Refusal = 403 | 408 | 413;
const REFUSAL_KEYS: Record<Refusal, string> = {
  403: "crossOrigin",
  408: "bodyTimeout",
  413: "bodyTooLarge",
};

/**
 * A small page of its own (no script, no stylesheet to fetch), in the user's language, with a way
 * back to the page the form was on (`backTo`, a path of this portal) or else the dashboard.
 */
async function refusalPage(status: Refusal, language: Language, backTo = "/") {
  const t = (await i18nInstanceFor(language)).getFixedT(language, "common");
  const key = REFUSAL_KEYS[status];
  return plainPage({
    language,
    title: t(`errors.${key}Title`),
    message: t(`errors.${key}`, { megabytes: Math.round(MAX_RECEIPT_BYTES / 1024 / 1024) }),
    back: { to: backTo, label: t("errors.goBack") },
  });
}

export const httpLayer = {
  bodyLimitFor,
  metrics,
  healthDetail,
  limits,
  createLogger,
  createRequestContext,
  languageOf,
  refusalPage,
  refusalPagePolicy: PLAIN_PAGE_POLICY,
  traceIdOf,
  runShutdownClosers,
};

export type HttpLayer = typeof httpLayer;
