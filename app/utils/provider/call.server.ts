import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { airlineApiUrl, env, geoApiUrl } from "~/utils/runtime/env.server";
import {
  ProviderError,
  providerFetch,
  providerRequest,
  withoutToken,
  type ProviderContext,
  type ProviderRequestOptions,
} from "./request.server";

/**
 * Every provider call is declared once, as a `ProviderCall`: its method and path, whether it
 * carries the token, the zod schemas of its path, query, headers, body and answer, and its domain
 * models. The client functions send it with `callProvider`, which parses the answer with that
 * schema; `openapi.server.ts` writes docs/provider-api.openapi.json from the same declarations,
 * so the document an integrator reads and what the portal sends and accepts cannot differ.
 */

// `.openapi()` on a schema names it in the document (a model) or adds what zod cannot say
// (a file's binary format); imported before any client module builds its schemas.
extendZodWithOpenApi(z);

/** The provider's API, or one of the two third-party services spoken to the same way. */
export type ProviderService = "provider" | "geo" | "airlineService";

/** What a call answers: JSON parsed by its schema, nothing (204), or a file passed on as it came. */
type Answer = z.ZodTypeAny | "empty" | "file";

type Body =
  | { model?: string; json: z.ZodTypeAny }
  | { form: "application/x-www-form-urlencoded" | "multipart/form-data"; fields: z.AnyZodObject };

export type ProviderCall<A extends Answer = Answer> = {
  /** Its name in its client module (`module.function`): its metrics' label and its operation id. */
  operation: string;
  /** One line on what it does, for the document. */
  summary: string;
  service?: ProviderService;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** The path, `{name}` for each of `params`. */
  path: string;
  /** Whether it carries the bearer token; calls that need none never get it. */
  token: boolean;
  /**
   * A search asked as the user types: it counts against the user's lookup limit, as every call to
   * a third-party service does, so typing cannot be used to walk the provider's records.
   */
  lookup?: true;
  params?: z.AnyZodObject;
  query?: z.AnyZodObject;
  /** Headers it sends beside those every call sends (Accept, X-Request-Id, traceparent). */
  headers?: z.AnyZodObject;
  body?: Body;
  /** The domain model of the answer, named on `Accept`. */
  responseModel?: string;
  answer: A;
  /** The status of success: 200 by default, 204 for an answer with no body. */
  status?: 200 | 201 | 204;
  /**
   * The provider may also answer success with no body (200 or 204) instead of `answer`: a write
   * whose result the portal reads again anyway. Such a call's result is `null` then.
   */
  orEmpty?: true;
};

/** The query of a paged list (docs/provider-api.md, "Paged lists"). */
export const pageQuery = {
  Page: z.number().int().min(1).describe("1-based"),
  PageSize: z.number().int().min(1).max(100),
};

/** The query of a third-party lookup: what the user typed. */
export const lookupQuery = z.object({
  filter: z.string().min(1).describe("What the user typed"),
});

export function defineCall<A extends Answer>(call: ProviderCall<A>): ProviderCall<A> {
  return call;
}

type CallInput = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined | null>;
  json?: unknown;
  form?: URLSearchParams | FormData;
  headers?: Record<string, string>;
};

type Result<A extends Answer> = A extends z.ZodTypeAny
  ? z.infer<A>
  : A extends "file"
    ? Response
    : void;

function serviceUrl(service: ProviderService = "provider") {
  if (service === "geo") return geoApiUrl;
  if (service === "airlineService") return airlineApiUrl;
  return env.PROVIDER_API_URL;
}

/** `/api/OrderClient/{id}` with `{ id: 3001 }` → `/api/OrderClient/3001`. */
function fillPath(path: string, params: CallInput["params"] = {}) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${path} needs its ${name}`);
    return encodeURIComponent(String(params[name]));
  });
}

/** Sends a declared call; a JSON answer comes back parsed by the call's schema. */
export async function callProvider<A extends Answer>(
  ctx: ProviderContext,
  call: ProviderCall<A>,
  input: CallInput = {},
): Promise<Result<A>> {
  // A third party bills or throttles the portal's one key, and a search typed as one goes could
  // walk the provider's records: each lookup counts for the user.
  const lookup = call.lookup || (call.service !== undefined && call.service !== "provider");
  if (lookup && ctx.countLookup && !(await ctx.countLookup()))
    throw new ProviderError("too-many-lookups", 429);
  const context = call.token ? ctx : withoutToken(ctx);
  const options: ProviderRequestOptions = {
    operation: call.operation,
    method: call.method,
    path: fillPath(call.path, input.params),
    query: input.query,
    responseModel: call.responseModel,
    json: input.json,
    bodyModel: call.body && "model" in call.body ? call.body.model : undefined,
    form: input.form,
    headers: input.headers,
    baseUrl: serviceUrl(call.service),
  };
  if (call.answer === "file") return (await providerFetch(context, options)) as Result<A>;
  if (call.answer === "empty") {
    await providerRequest(context, options, z.unknown());
    return undefined as Result<A>;
  }
  const answer = call.answer as z.ZodTypeAny;
  const schema = call.orEmpty ? answer.nullable() : answer;
  return (await providerRequest(context, options, schema)) as Result<A>;
}
