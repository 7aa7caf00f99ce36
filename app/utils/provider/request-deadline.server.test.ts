import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { ProviderError, providerRequest } from "./request.server";

/**
 * PROVIDER_TIMEOUT_MS (300 ms in unit tests) against a real HTTP server, not msw: what is tested
 * is how Node's fetch ends a call, which msw's interception does not reproduce for a body.
 */

const answers: Record<string, (response: ServerResponse) => void> = {
  /** Says nothing until the test is over. */
  "/silent": () => {},
  /** Starts an answer and never finishes it. */
  "/stalls": (response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.write('{"UserName":');
  },
};
const provider = createServer((request, response) => answers[request.url ?? ""]?.(response));
let baseUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

/** How a call to `path` ends, and after how long. */
async function outcomeOf(path: string, meanwhile?: () => void) {
  const started = performance.now();
  const work = providerRequest({}, { operation: "test.call", path, baseUrl }, z.unknown()).then(
    () => null,
    (error: unknown) => error,
  );
  meanwhile?.();
  return { error: await work, elapsedMs: performance.now() - started };
}

test("a provider slower than PROVIDER_TIMEOUT_MS is abandoned as unavailable", async () => {
  const { error, elapsedMs } = await outcomeOf("/silent");
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).kind).toBe("unavailable");
  expect(elapsedMs).toBeLessThan(1500);
});

test("the deadline survives a garbage collection in the middle of the call", async () => {
  // Node's AbortSignal.any holds its sources weakly: a bare AbortSignal.timeout() was collected
  // here and the call waited for the provider for ever.
  v8.setFlagsFromString("--expose-gc");
  const collectGarbage = runInNewContext("gc") as () => void;
  const { error, elapsedMs } = await outcomeOf("/silent", () => setTimeout(collectGarbage, 50));
  expect(error).toBeInstanceOf(ProviderError);
  expect(elapsedMs).toBeLessThan(1500);
});

test("an answer that stops halfway is abandoned as unavailable, not as a crash", async () => {
  const { error, elapsedMs } = await outcomeOf("/stalls");
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).kind).toBe("unavailable");
  expect(elapsedMs).toBeLessThan(1500);
});
