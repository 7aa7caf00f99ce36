import { z } from "zod";
import { env } from "~/utils/runtime/env.server";
import { metrics, type ProviderOutcome } from "~/utils/runtime/metrics.server";
import type { ProviderWaits } from "~/utils/runtime/request-log.server";

/**
 * The one place that knows how the provider's HTTP API is spoken to: base URL, bearer token,
 * the domain-model media-type convention (spec §7), timeouts and error mapping (spec §8).
 * Every resource module under app/utils/provider goes through `providerRequest`.
 */

/** Spec §8: a 400 whose body contains this text gets the "call support" message instead. */
const PROVIDER_UNKNOWN_ERROR_TEXT = "خطای ناشناخته";

/** Spec §7: "The domain model of a response or body is chosen with the Accept or Content-type header." */
export function mediaType(domainModel?: string) {
  return domainModel ? `application/json; domain-model=${domainModel}` : "application/json";
}

export type ProviderErrorKind =
  | "bad-request"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "unavailable"
  /** Not the provider's: the user's lookups at the third-party services passed their limit. */
  | "too-many-lookups";

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    readonly status: number,
    /** The provider's own words, shown to the user for 400 and 403 (spec §8). */
    readonly providerMessage?: string,
    /** A machine-readable reason, where the provider gives one (OAuth's `error` from /token). */
    readonly providerCode?: string,
    /** Messages per body field, from an ASP.NET-style 400 (`ModelState`), keyed by the field's name. */
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(`Provider ${kind} (${status})${providerMessage ? `: ${providerMessage}` : ""}`);
    this.name = "ProviderError";
  }
}

/** What a call needs from the signed-in user's request. Built by `requireProvider` in auth.server.ts. */
export type ProviderContext = {
  token?: string;
  signal?: AbortSignal;
  /** The portal's id of the user's request, sent as `X-Request-Id` so both logs can be matched. */
  requestId?: string;
  /** The W3C trace context the user's request arrived with, passed on as it came. */
  traceparent?: string;
  /** Where the user's request counts its calls and the time it waits for them (its log line). */
  waits?: ProviderWaits;
  /** Called on 401: the auth module ends the session and throws a redirect to the login page. */
  onUnauthorized?: () => Promise<never>;
  /**
   * Counts one call to a third-party lookup service (geo, airlines) against the user's limit;
   * false once past it. Every such call counts, wherever it is made (`callProvider`).
   */
  countLookup?: () => Promise<boolean>;
};

/** The same request's context for a call that must not carry the token (public files, lookups). */
export function withoutToken(ctx: ProviderContext): ProviderContext {
  return { signal: ctx.signal, requestId: ctx.requestId, traceparent: ctx.traceparent };
}

/**
 * The same request's context, its calls no longer ended by the browser going away (the provider
 * timeout still applies): for a call whose outcome other attempts wait on, such as the wizard's
 * submit after a double click or a reload mid-send.
 */
export function outlastingTheBrowser(ctx: ProviderContext): ProviderContext {
  return { ...ctx, signal: undefined };
}

type Query = Record<string, string | number | boolean | undefined | null>;

export type ProviderRequestOptions = {
  /** The call's name in its client module (`module.function`): its metrics' bounded label. */
  operation: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: Query;
  /** The domain model of the answer, named on `Accept`; none for an empty answer or a file. */
  responseModel?: string;
  /** A JSON body, and its domain model (named on `Content-Type`). */
  json?: unknown;
  bodyModel?: string;
  /** A form body (URL-encoded or multipart) sent as is. */
  form?: URLSearchParams | FormData;
  headers?: Record<string, string>;
  /** Another service spoken to the same way (the geo service); the provider's API by default. */
  baseUrl?: string;
};

/** What to ask for when the call names no model: any JSON, or (files) anything at all. */
type Accepting = "json" | "anything";

export function providerUrl(path: string, query?: Query, baseUrl = env.PROVIDER_API_URL) {
  const url = new URL(path.replace(/^\//, ""), baseUrl.replace(/\/?$/, "/"));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "")
      url.searchParams.set(key, String(value));
  }
  return url;
}

/**
 * What ends a call: the browser going away, or PROVIDER_TIMEOUT_MS, which also bounds reading the
 * answer. Not AbortSignal.timeout(): AbortSignal.any holds its sources weakly, so a timeout signal
 * that nothing else held could be garbage-collected mid-call, and the call then waited for the
 * provider however long it took. Here the timer holds its controller until it fires.
 */
function callSignal(ctx: ProviderContext) {
  if (!(env.PROVIDER_TIMEOUT_MS > 0)) return ctx.signal;
  const deadline = new AbortController();
  setTimeout(
    () => deadline.abort(new DOMException("The provider did not answer in time.", "TimeoutError")),
    env.PROVIDER_TIMEOUT_MS,
  ).unref();
  return ctx.signal ? AbortSignal.any([ctx.signal, deadline.signal]) : deadline.signal;
}

/**
 * A call that ended before its answer was whole (no connection, its deadline, a broken body): the
 * provider is unavailable, unless the browser went away, when nobody waits for an answer and
 * Remix drops the request.
 */
function callFailed(
  ctx: ProviderContext,
  call: ProviderCall,
  what: string,
  error: unknown,
  status: number,
): never {
  if (ctx.signal?.aborted) {
    call.end("cancelled");
    throw error;
  }
  call.end((error as Error | null)?.name === "TimeoutError" ? "timeout" : "unreachable");
  console.error(`Provider ${what}:`, error);
  throw new ProviderError("unavailable", status);
}

type ProviderCall = ReturnType<typeof metrics.providerCall>;

/**
 * Sends a request and maps every failure to a ProviderError; resolves only with a 2xx Response.
 * The bearer token goes only where `ctx` carries one: calls that need none get a context without it.
 */
export async function providerFetch(
  ctx: ProviderContext,
  options: ProviderRequestOptions,
  accepting: Accepting = "anything",
): Promise<Response> {
  const call = metrics.providerCall(options.operation);
  const waited = ctx.waits?.begin();
  try {
    const response = await send(ctx, options, accepting, call);
    call.end("ok");
    return response;
  } finally {
    waited?.();
  }
}

/** `providerFetch`, its timing ended by the caller once the answer is read, or here on failure. */
async function send(
  ctx: ProviderContext,
  options: ProviderRequestOptions,
  accepting: Accepting,
  call: ProviderCall,
): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set(
    "Accept",
    options.responseModel
      ? mediaType(options.responseModel)
      : accepting === "json"
        ? mediaType()
        : "*/*",
  );
  if (ctx.token) headers.set("Authorization", `Bearer ${ctx.token}`);
  if (ctx.requestId) headers.set("X-Request-Id", ctx.requestId);
  if (ctx.traceparent) headers.set("traceparent", ctx.traceparent);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("Content-Type", mediaType(options.bodyModel));
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }

  let response: Response;
  try {
    response = await fetch(providerUrl(options.path, options.query, options.baseUrl), {
      method: options.method ?? "GET",
      headers,
      body,
      signal: callSignal(ctx),
    });
  } catch (error) {
    return callFailed(ctx, call, `${options.method ?? "GET"} ${options.path} failed`, error, 0);
  }

  if (response.ok) return response;

  const text = await response.text().catch(() => "");
  const { message, code, fieldErrors } = readError(text);
  call.end(outcomeOfStatus(response.status));
  switch (response.status) {
    case 400:
      throw new ProviderError("bad-request", 400, message, code, fieldErrors);
    case 401:
      if (ctx.onUnauthorized) await ctx.onUnauthorized();
      throw new ProviderError("unauthorized", 401, message);
    case 403:
      throw new ProviderError("forbidden", 403, message);
    case 404:
      throw new ProviderError("not-found", 404, message);
    default:
      // Never the body: an error page may echo the request (a passenger's name, a passport).
      console.error(
        `Provider ${options.method ?? "GET"} ${options.path} answered ${response.status} (${bodyDescription(response, text)})`,
      );
      throw new ProviderError("unavailable", response.status);
  }
}

/** What a log may say of an answer's body: its type and size, not a word of it. */
function bodyDescription(response: Response, text: string) {
  return `${response.headers.get("Content-Type") ?? "no type"}, ${Buffer.byteLength(text)} bytes, not logged`;
}

function outcomeOfStatus(status: number): ProviderOutcome {
  if (status === 401) return "401";
  return status >= 400 && status < 500 ? "4xx" : "5xx";
}

/** Sends a request and parses the JSON answer with `schema`; a provider change fails here, loudly. */
export async function providerRequest<Schema extends z.ZodTypeAny>(
  ctx: ProviderContext,
  options: ProviderRequestOptions,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const call = metrics.providerCall(options.operation);
  const { response, text } = await receive(ctx, options, call);
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    call.end("malformed");
    console.error(
      `Provider ${options.path} sent a body that is not JSON (${bodyDescription(response, text)})`,
    );
    throw new ProviderError("unavailable", response.status);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    call.end("malformed");
    // Where and how it differs, never the values found there (they may be a guest's).
    console.error(
      `Provider ${options.path} sent an unexpected ${options.responseModel ?? "body"}:`,
      result.error.issues.map((issue) => `${issue.path.join(".") || "(the body)"}: ${issue.code}`),
    );
    throw new ProviderError("unavailable", response.status);
  }
  call.end("ok");
  return result.data;
}

/** A call's answer, read whole: the time the request waits for the provider ends here. */
async function receive(ctx: ProviderContext, options: ProviderRequestOptions, call: ProviderCall) {
  const waited = ctx.waits?.begin();
  try {
    const response = await send(ctx, options, "json", call);
    try {
      return { response, text: await response.text() };
    } catch (error) {
      return callFailed(ctx, call, `${options.path} broke off its answer`, error, response.status);
    }
  } finally {
    waited?.();
  }
}

type ReadError = { message?: string; code?: string; fieldErrors?: Record<string, string[]> };

/**
 * The provider answers errors as a JSON string, `{ Message }`, ASP.NET's
 * `{ Message, ModelState: { "model.Email": ["…"] } }`, OAuth's `{ error, error_description }` or
 * plain text; HTML error pages carry nothing worth showing.
 */
function readError(text: string): ReadError {
  const trimmed = text.trim();
  if (!trimmed) return {};
  try {
    const json: unknown = JSON.parse(trimmed);
    if (typeof json === "string") return { message: json };
    if (!json || typeof json !== "object") return {};
    const record = json as Record<string, unknown>;
    const text = (key: string) =>
      typeof record[key] === "string" && record[key] ? (record[key] as string) : undefined;
    return {
      message: text("Message") ?? text("message") ?? text("error_description") ?? text("error"),
      code: text("error"),
      fieldErrors: readModelState(record.ModelState ?? record.modelState),
    };
  } catch {
    return trimmed.startsWith("<") ? {} : { message: trimmed.slice(0, 500) };
  }
}

/** `{ "model.Email": ["…"], "model.Address.City": "…" }` → `{ Email: ["…"], "Address.City": ["…"] }`. */
function readModelState(modelState: unknown): Record<string, string[]> | undefined {
  if (!modelState || typeof modelState !== "object") return undefined;
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(modelState)) {
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (message): message is string => typeof message === "string" && message.length > 0,
    );
    if (!messages.length) continue;
    // ASP.NET prefixes the action's parameter name ("model.", "dto."); the field is what follows.
    const field = key.includes(".") ? key.slice(key.indexOf(".") + 1) : key;
    (fieldErrors[field] ??= []).push(...messages);
  }
  return fieldErrors;
}

/** The user-facing text for a provider failure, in the user's language (spec §8). */
export function describeProviderError(
  error: ProviderError,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (error.providerMessage?.includes(PROVIDER_UNKNOWN_ERROR_TEXT)) {
    return t("common:errors.contactSupport", { phone: env.SUPPORT_PHONE });
  }
  switch (error.kind) {
    case "bad-request":
    case "forbidden":
      return error.providerMessage ?? t("common:errors.badRequest");
    case "unauthorized":
      return t("common:errors.sessionExpired");
    case "not-found":
      return t("common:errors.notFound");
    case "too-many-lookups":
      return t("common:errors.tooManyLookups");
    default:
      return t("common:errors.providerUnavailable");
  }
}
