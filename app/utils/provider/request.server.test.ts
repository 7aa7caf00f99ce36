import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { describeProviderError, mediaType, ProviderError, providerRequest } from "./request.server";

const PROVIDER = "http://localhost";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const anything = z.unknown();
const t = (key: string, options?: Record<string, unknown>) =>
  `${key}${options ? JSON.stringify(options) : ""}`;

async function failureOf(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("request conventions", () => {
  test("names the domain model on Accept and Content-Type and sends the bearer token", async () => {
    let seen: Headers | undefined;
    let body: unknown;
    server.use(
      http.put(`${PROVIDER}/api/AgencyClient`, async ({ request }) => {
        seen = request.headers;
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    await providerRequest(
      { token: "secret-token" },
      {
        operation: "test.call",
        method: "PUT",
        path: "/api/AgencyClient",
        responseModel: "AgencyWithUserDTO",
        bodyModel: "AgencyWithUserDTO",
        json: { Email: "a@b.c" },
      },
      anything,
    );
    expect(seen?.get("Accept")).toBe("application/json; domain-model=AgencyWithUserDTO");
    expect(seen?.get("Content-Type")).toBe("application/json; domain-model=AgencyWithUserDTO");
    expect(seen?.get("Authorization")).toBe("Bearer secret-token");
    expect(body).toEqual({ Email: "a@b.c" });
    expect(mediaType()).toBe("application/json");
  });

  test("drops empty query parameters and keeps the rest", async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${PROVIDER}/api/PaymentClient`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json([]);
      }),
    );
    await providerRequest(
      {},
      {
        operation: "test.call",
        path: "/api/PaymentClient",
        query: { Page: 2, PageSize: 10, State: "", OrderId: undefined },
      },
      anything,
    );
    expect(url?.search).toBe("?Page=2&PageSize=10");
  });

  test("parses the answer with the schema and tolerates extra fields", async () => {
    server.use(
      http.get(`${PROVIDER}/api/Client`, () => HttpResponse.json({ UserName: "demo", Extra: 1 })),
    );
    const result = await providerRequest(
      {},
      { operation: "test.call", path: "/api/Client" },
      z.object({ UserName: z.string() }),
    );
    expect(result).toEqual({ UserName: "demo" });
  });
});

describe("error mapping (spec §8)", () => {
  test("400: the provider's message, from a JSON object, a JSON string or plain text", async () => {
    for (const reply of [
      HttpResponse.json({ Message: "Contract has an unverified payment" }, { status: 400 }),
      HttpResponse.json("Contract has an unverified payment", { status: 400 }),
      new HttpResponse("Contract has an unverified payment", { status: 400 }),
    ]) {
      server.use(http.get(`${PROVIDER}/api/x`, () => reply.clone()));
      const error = await failureOf(
        providerRequest({}, { operation: "test.call", path: "/api/x" }, anything),
      );
      expect(error.kind).toBe("bad-request");
      expect(describeProviderError(error, t)).toBe("Contract has an unverified payment");
    }
  });

  test("400 in OAuth's shape: the description is the message, the error its code", async () => {
    server.use(
      http.post(`${PROVIDER}/token`, () =>
        HttpResponse.json(
          { error: "invalid_grant", error_description: "The user name or password is incorrect." },
          { status: 400 },
        ),
      ),
    );
    const error = await failureOf(
      providerRequest({}, { operation: "test.call", method: "POST", path: "/token" }, anything),
    );
    expect(error.providerCode).toBe("invalid_grant");
    expect(error.providerMessage).toBe("The user name or password is incorrect.");
  });

  test("400 with the provider's Persian unknown-error text: ask the user to call support", async () => {
    server.use(
      http.get(`${PROVIDER}/api/x`, () =>
        HttpResponse.json({ Message: "خطای ناشناخته رخ داده است" }, { status: 400 }),
      ),
    );
    const error = await failureOf(
      providerRequest({}, { operation: "test.call", path: "/api/x" }, anything),
    );
    expect(describeProviderError(error, t)).toBe(
      'common:errors.contactSupport{"phone":"+98 21 0000 1111"}',
    );
  });

  test("401: the session's handler runs (it redirects to the login page)", async () => {
    server.use(
      http.get(`${PROVIDER}/api/x`, () =>
        HttpResponse.json({ Message: "denied" }, { status: 401 }),
      ),
    );
    const redirect = new Response(null, { status: 302 });
    const onUnauthorized = vi.fn(async () => {
      throw redirect;
    });
    await expect(
      providerRequest(
        { token: "old", onUnauthorized },
        { operation: "test.call", path: "/api/x" },
        anything,
      ),
    ).rejects.toBe(redirect);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  test("403: the provider's message is shown", async () => {
    server.use(
      http.get(`${PROVIDER}/api/x`, () =>
        HttpResponse.json({ Message: "Agency is suspended" }, { status: 403 }),
      ),
    );
    const error = await failureOf(
      providerRequest({}, { operation: "test.call", path: "/api/x" }, anything),
    );
    expect(error.kind).toBe("forbidden");
    expect(describeProviderError(error, t)).toBe("Agency is suspended");
  });

  test("5xx, a dropped connection, a body that is not JSON or not the agreed shape: unavailable", async () => {
    const replies = [
      () => new HttpResponse("<html>Bad gateway</html>", { status: 502 }),
      () => HttpResponse.error(),
      () =>
        new HttpResponse("{not json", {
          status: 200,
          headers: { "Content-Type": "application/json" },
        }),
      () => HttpResponse.json({ UserName: 42 }),
    ];
    for (const reply of replies) {
      server.use(http.get(`${PROVIDER}/api/x`, reply));
      const error = await failureOf(
        providerRequest(
          {},
          { operation: "test.call", path: "/api/x" },
          z.object({ UserName: z.string() }),
        ),
      );
      expect(error.kind).toBe("unavailable");
      expect(describeProviderError(error, t)).toBe("common:errors.providerUnavailable");
    }
  });

  test("a browser that goes away aborts the call instead of reporting an outage", async () => {
    server.use(
      http.get(`${PROVIDER}/api/slow`, async () => {
        await delay(2000);
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const work = providerRequest(
      { signal: controller.signal },
      { operation: "test.call", path: "/api/slow" },
      anything,
    );
    controller.abort();
    await expect(work).rejects.not.toBeInstanceOf(ProviderError);
  });
});

describe("ASP.NET-style validation errors", () => {
  test("ModelState messages are kept per field, the parameter prefix dropped", async () => {
    server.use(
      http.post(`${PROVIDER}/api/AgencyClient`, () =>
        HttpResponse.json(
          {
            Message: "The request is invalid.",
            ModelState: {
              "model.Email": ["The Email field is not a valid e-mail address."],
              "model.Address.City": "City is required.",
              "": ["Something about the whole body."],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const error = await failureOf(
      providerRequest(
        {},
        { operation: "test.call", method: "POST", path: "/api/AgencyClient", json: {} },
        anything,
      ),
    );
    expect(error.kind).toBe("bad-request");
    expect(error.providerMessage).toBe("The request is invalid.");
    expect(error.fieldErrors).toEqual({
      Email: ["The Email field is not a valid e-mail address."],
      "Address.City": ["City is required."],
      "": ["Something about the whole body."],
    });
  });
});
