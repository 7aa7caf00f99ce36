import { HttpResponse } from "msw";
import type { z } from "zod";
import { PAGE_SIZES } from "~/utils/lists/paging";
import type { SecretsSeen } from "../secrets-seen";
import type { SandboxStore } from "../store";

/**
 * What every resource's handlers get: the store, the origin its paths hang under, and the record of
 * tokens and passwords that went through.
 */
export type SandboxContext = { store: SandboxStore; base: string; secrets: SecretsSeen };

export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** Units of US dollars per unit of each currency, for an amount in another currency than its order. */
const USD_PER_UNIT: Record<string, number> = { USD: 1, EUR: 1.08, AED: 0.27, IRR: 0.000016 };

/** An amount in another currency, at the sandbox's fixed rates, to the cent. */
export function convert(amount: number, from: string, to: string) {
  if (from === to) return amount;
  return Math.round(((amount * (USD_PER_UNIT[from] ?? 1)) / (USD_PER_UNIT[to] ?? 1)) * 100) / 100;
}

/** Stops a handler with this response (msw answers a thrown Response as is). */
export function fail(status: number, message: string): never {
  throw HttpResponse.json({ Message: message }, { status });
}

/** The domain model named by `domain-model=` in a media type (spec §7). */
export function domainModelOf(mediaType: string | null) {
  return mediaType?.match(/domain-model=([\w.]+)/)?.[1] ?? null;
}

/** The provider rejects a body whose Content-Type names another domain model. */
export function requireBodyModel(request: Request, expected: string) {
  const model = domainModelOf(request.headers.get("Content-Type"));
  if (model !== expected)
    fail(400, `Expected a ${expected} body (Content-Type domain-model), got ${model ?? "none"}.`);
}

/**
 * The provider refuses (406) an `Accept` naming a domain model other than the one this call answers;
 * `null` for calls that answer no model (an empty body, a file, a plain list).
 */
export function requireAcceptModel(request: Request, expected: string | null) {
  const model = domainModelOf(request.headers.get("Accept"));
  if (model && model !== expected)
    fail(406, `This call answers ${expected ?? "no domain model"}, not ${model}.`);
}

export async function parseBody<Schema extends z.ZodTypeAny>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema>> {
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    fail(400, "The request body is not valid JSON.");
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    fail(400, `The field ${issue.path.join(".") || "body"} is invalid: ${issue.message}`);
  }
  return result.data;
}

/** The signed-in user of a request, from its bearer token; 401 when missing, unknown or expired. */
export function requireUser(ctx: SandboxContext, request: Request) {
  const header = request.headers.get("Authorization") ?? "";
  const token = header.match(/^Bearer (.+)$/)?.[1];
  const denied = () => fail(401, "Authorization has been denied for this request.");
  if (!token) denied();
  const issued = ctx.store.state.tokens.find((entry) => entry.token === token);
  if (!issued || new Date(issued.expiresAt).getTime() < Date.now()) denied();
  const user = ctx.store.state.users.find((entry) => entry.userName === issued!.userName);
  const agency = ctx.store.state.agencies.find((entry) => entry.id === user?.agencyId);
  if (!user || !agency) return denied();
  return { user, agency };
}

/**
 * The page a paged list asks for (`Page`, 1-based; `PageSize`, one of 10, 25, 50): answers a
 * function that cuts it out of the rows. 400 for anything else.
 */
export function pageOf(query: URLSearchParams) {
  const page = Number(query.get("Page") ?? 1);
  const pageSize = Number(query.get("PageSize") ?? PAGE_SIZES[0]);
  if (!Number.isInteger(page) || page < 1) fail(400, "Page must be a whole number from 1.");
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize))
    fail(400, `PageSize must be one of ${PAGE_SIZES.join(", ")}.`);
  return <T>(rows: T[]) => rows.slice((page - 1) * pageSize, page * pageSize);
}
