import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
  type ZodContentObject,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import type { ProviderCall, ProviderService } from "./call.server";
import { providerCalls } from "./calls.server";
import { mediaType } from "./request.server";

/**
 * docs/provider-api.openapi.json, written from the calls' own declarations (decision 031). One
 * endpoint answers several models, chosen by the media type's `domain-model` parameter, and
 * OpenAPI has one operation per method and path: the calls sharing both become one operation
 * whose request body and answer list a media type per model, and whose description says which
 * query parameters go with which model.
 */

/** What the sandbox answered each call with, by operation: the document's examples. */
export type ContractExamples = Record<string, { body?: unknown; answer?: unknown }>;

// Each address defaults to the provider sandbox's (`npm run sandbox`), which answers all three.
const SANDBOX = "http://127.0.0.1:4010";
const SERVICES: Record<
  ProviderService,
  { variable: string; sandbox: string; description: string }
> = {
  provider: { variable: "PROVIDER_API_URL", sandbox: SANDBOX, description: "The provider's API" },
  geo: {
    variable: "GEO_API_URL",
    sandbox: `${SANDBOX}/geo`,
    description: "The geo service (airports, places): a third party",
  },
  airlineService: {
    variable: "AIRLINE_API_URL",
    sandbox: `${SANDBOX}/airline-service`,
    description: "The airline service (airlines the provider's list lacks): a third party",
  },
};

const TOKEN = "providerToken";

export function buildProviderOpenApi(examples: ContractExamples = {}) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", TOKEN, {
    type: "oauth2",
    description:
      "The bearer token `POST /token` answers, sent as `Authorization: Bearer <access_token>`; kept only in the portal's server-side session.",
    flows: { password: { tokenUrl: "/token", scopes: {} } },
  });
  const requestId = registry.registerComponent("parameters", "RequestId", {
    name: "X-Request-Id",
    in: "header",
    required: true,
    description:
      "The portal's id of the request that made the call (a UUID, or its load balancer's id: 8 to 64 letters, digits and `_ . : -`), written in the portal's log too. Log it; never echoed back.",
    schema: { type: "string", pattern: "^[A-Za-z0-9_.:-]{8,64}$" },
    example: "1a0e88c6-0353-4cb3-9b8d-5ac63c9afcb0",
  });
  const traceparent = registry.registerComponent("parameters", "TraceParent", {
    name: "traceparent",
    in: "header",
    required: false,
    description:
      "The W3C trace context the browser's request arrived with, passed on unchanged; absent when it had none.",
    schema: { type: "string", pattern: "^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$" },
    example: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
  });
  const errors = registerErrors(registry);
  const models = new Map<string, z.ZodTypeAny>();
  const named = (model: string | undefined, schema: z.ZodTypeAny) => {
    if (!model) return schema;
    if (!models.has(model)) models.set(model, registry.register(model, schema));
    return models.get(model)!;
  };

  for (const calls of groupByEndpoint(providerCalls)) {
    const [first] = calls;
    const service = first.service ?? "provider";
    const tokens = new Set(calls.map((call) => call.token));
    const route: RouteConfig = {
      method: (first.method ?? "GET").toLowerCase() as RouteConfig["method"],
      path: first.path,
      operationId: calls.length === 1 ? operationId(first.operation) : endpointId(first),
      tags: [first.operation.split(".")[0]],
      summary: calls.length === 1 ? first.summary : `One of: ${calls.map(modelOf).join(", ")}`,
      description: calls.length === 1 ? undefined : describeModels(calls),
      security:
        tokens.size === 2 ? [{ [TOKEN]: [] }, {}] : tokens.has(true) ? [{ [TOKEN]: [] }] : [],
      parameters: [requestId.ref, traceparent.ref],
      request: {
        params: first.params,
        query: mergedObject(calls, (call) => call.query),
        headers: mergedObject(calls, (call) => call.headers),
        body: requestBody(calls, examples, named),
      },
      responses: {
        ...answers(calls, examples, named),
        ...errors(tokens.has(true)),
      },
    };
    if (service !== "provider") route.servers = [server(service)];
    registry.registerPath(route);
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Provider API, as the agency portal calls it",
      version: "1.0.0",
      license: { name: "Proprietary: for integrating a provider with the agency portal" },
      description:
        "Every call the agency portal makes to a hotel provider's HTTP API and to the two third-party lookups, written from the portal's own schemas. The order of calls, timing, retries, idempotency, file rules and what the portal does when an optional call fails are in docs/provider-api.md.",
    },
    servers: [server("provider")],
  });
}

function server(service: ProviderService) {
  const { variable, sandbox, description } = SERVICES[service];
  return {
    url: `{${variable}}`,
    description,
    variables: {
      [variable]: { default: sandbox, description: `The portal's ${variable}` },
    },
  };
}

/** Calls sharing a service, method and path: one OpenAPI operation. */
function groupByEndpoint(calls: ProviderCall[]) {
  const groups = new Map<string, ProviderCall[]>();
  for (const call of calls) {
    const key = `${call.service ?? "provider"} ${call.method ?? "GET"} ${call.path}`;
    groups.set(key, [...(groups.get(key) ?? []), call]);
  }
  return [...groups.values()];
}

/** `reserveRequests.getNotes` → `reserveRequestsGetNotes`. */
function operationId(operation: string) {
  return operation.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** `GET /api/Client` → `getApiClient`. */
function endpointId(call: ProviderCall) {
  const words = call.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [
    (call.method ?? "GET").toLowerCase(),
    ...words.map((word) => word[0].toUpperCase() + word.slice(1)),
  ].join("");
}

/** The model that tells a call apart from the others of its path: its answer's, or its body's. */
function modelOf(call: ProviderCall) {
  const body = call.body && "model" in call.body ? call.body.model : undefined;
  return call.responseModel ?? body ?? (call.answer === "file" ? "a file" : "no model");
}

/** Which model is which call, for an operation that stands for several. */
function describeModels(calls: ProviderCall[]) {
  const lines = calls.map((call) => {
    const chosenBy = [
      call.responseModel && `answer \`${call.responseModel}\``,
      call.body && "model" in call.body && call.body.model && `body \`${call.body.model}\``,
    ]
      .filter(Boolean)
      .join(", ");
    const query = Object.keys(call.query?.shape ?? {});
    const with_ = query.length ? `; query ${query.map((name) => `\`${name}\``).join(", ")}` : "";
    const token = call.token ? "" : "; **no token**";
    return `- **${chosenBy || "no model"}** (\`${operationId(call.operation)}\`${with_}${token}): ${call.summary}.`;
  });
  return [
    "One path and method, several calls: the domain model named on `Accept` (the answer) or `Content-Type` (the body) says which. A query parameter is sent only with the models named beside it.",
    "",
    ...lines,
  ].join("\n");
}

/**
 * One object with every field the calls send: a field is required only when every call of the
 * endpoint requires it.
 */
function mergedObject(
  calls: ProviderCall[],
  part: (call: ProviderCall) => z.AnyZodObject | undefined,
) {
  const objects = calls.map(part);
  const present = objects.filter((object): object is z.AnyZodObject => Boolean(object));
  if (!present.length) return undefined;
  if (present.length === 1 && objects.length === 1) return present[0];
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const object of present) {
    for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodTypeAny>)) {
      const everywhere = objects.every(
        (other) => other && name in other.shape && !other.shape[name].isOptional(),
      );
      shape[name] ??= everywhere ? field : field.optional();
    }
  }
  return z.object(shape);
}

type Named = (model: string | undefined, schema: z.ZodTypeAny) => z.ZodTypeAny;

function requestBody(calls: ProviderCall[], examples: ContractExamples, named: Named) {
  const content: ZodContentObject = {};
  for (const call of calls) {
    if (!call.body) continue;
    const example = examples[call.operation]?.body;
    if ("json" in call.body) {
      content[mediaType(call.body.model)] = {
        schema: named(call.body.model, call.body.json),
        ...(example === undefined ? {} : { example }),
      };
    } else {
      content[call.body.form] = {
        schema: call.body.fields,
        ...(example === undefined ? {} : { example }),
      };
    }
  }
  if (!Object.keys(content).length) return undefined;
  return { required: calls.every((call) => call.body), content };
}

function answers(calls: ProviderCall[], examples: ContractExamples, named: Named) {
  const responses: Record<string, ResponseConfig> = {};
  for (const call of calls) {
    const status = String(call.status ?? (call.answer === "empty" ? 204 : 200));
    const response = (responses[status] ??= { description: "", content: {} });
    response.description = [response.description, call.summary].filter(Boolean).join("; ");
    if (call.orEmpty) {
      const empty = (responses["204"] ??= { description: "", content: {} });
      empty.description = [empty.description, `${call.summary}: or no body`]
        .filter(Boolean)
        .join("; ");
    }
    if (call.answer === "empty") continue;
    const example = examples[call.operation]?.answer;
    if (call.answer === "file") {
      response.content!["*/*"] = {
        schema: { type: "string", contentMediaType: "application/octet-stream" },
      };
    } else {
      response.content![mediaType(call.responseModel)] = {
        schema: named(call.responseModel, call.answer),
        ...(example === undefined ? {} : { example }),
      };
    }
  }
  for (const response of Object.values(responses)) {
    if (!Object.keys(response.content!).length) delete response.content;
  }
  return responses;
}

/** The error answers every call may give, as docs/provider-api.md's table says. */
function registerErrors(registry: OpenAPIRegistry) {
  registry.register(
    "ErrorMessage",
    z
      .union([
        z.string(),
        z.object({
          Message: z.string(),
          ModelState: z
            .record(z.union([z.array(z.string()), z.string()]))
            .optional()
            .describe(
              "Field errors, ASP.NET style: `<parameter>.<Field>` → messages; the part before the first dot is dropped",
            ),
        }),
        z.object({ error: z.string(), error_description: z.string().optional() }),
      ])
      .describe(
        "A JSON string, `{ Message }` (with field errors, `ModelState`), OAuth's `{ error, error_description }` from /token, or plain text",
      ),
  );
  const withMessage = (description: string) => ({
    description,
    content: {
      "application/json": { schema: { $ref: "#/components/schemas/ErrorMessage" } },
      "text/plain": { schema: { type: "string" as const } },
    },
  });
  const anyBody = { "*/*": { schema: {} } };
  const responses = {
    "400": registry.registerComponent(
      "responses",
      "BadRequest",
      withMessage(
        "Refused: the message is shown to the user (a message containing خطای ناشناخته gets the portal's 'call support' text instead); field errors go beside their fields",
      ),
    ).ref,
    "401": registry.registerComponent("responses", "Unauthorized", {
      description:
        "The token is missing, expired or revoked: the portal ends the session and asks the user to sign in. A body, if any, is not read",
      content: anyBody,
    }).ref,
    "403": registry.registerComponent(
      "responses",
      "Forbidden",
      withMessage("Not allowed: the message is shown"),
    ).ref,
    "404": registry.registerComponent("responses", "NotFound", {
      description:
        "Not found (or another agency's): the portal says so. A body, if any, is not read",
      content: anyBody,
    }).ref,
    "5XX": registry.registerComponent("responses", "Unavailable", {
      description:
        "The provider fails: the portal says the booking service is not answering; so does a timeout, a dropped connection or a body that is not the shape documented",
    }).ref,
  };
  return (withToken: boolean) => {
    const { "401": unauthorized, ...rest } = responses;
    return withToken ? { ...rest, "401": unauthorized } : rest;
  };
}
