import { describe, expect, test } from "vitest";
import { metrics } from "./metrics.server";

/** The request-duration series' label sets, as the registry holds them now. */
async function httpSeries() {
  const [histogram] = (await metrics.registry.getMetricsAsJSON()).filter(
    (metric) => metric.name === "http_server_request_duration_seconds",
  );
  return new Set(
    (histogram?.values ?? [])
      .filter((value) => String((value as { metricName?: string }).metricName).endsWith("_count"))
      .map((value) => JSON.stringify(value.labels)),
  );
}

describe("the request metrics' labels", () => {
  test("name the route for a signed-in session, a page served or a failure; anyone else's refusals and redirects count under '-'", async () => {
    metrics.registry.resetMetrics();
    const request = { method: "GET", kind: "document" as const };
    metrics.observeHttp({ ...request, route: "routes/a", status: 302, signedIn: true }, 0.01);
    metrics.observeHttp({ ...request, route: "routes/b", status: 200, signedIn: false }, 0.01);
    metrics.observeHttp({ ...request, route: "routes/c", status: 500, signedIn: false }, 0.01);
    const before = await httpSeries();
    expect([...before].map((labels) => JSON.parse(labels).route).sort()).toEqual([
      "routes/a",
      "routes/b",
      "routes/c",
    ]);
    // Without a session: every route, each way of asking, answered 302, 403, 404 or 405, or 202
    // (a `.data` request's redirect).
    const statuses = [202, 302, 403, 404, 405];
    for (let index = 0; index < 100; index++)
      for (const status of statuses)
        metrics.observeHttp(
          { method: "PUT", kind: "data", route: `routes/page-${index}`, status, signedIn: false },
          0.01,
        );
    const added = [...(await httpSeries())].filter((labels) => !before.has(labels));
    expect(added.map((labels) => JSON.parse(labels))).toEqual(
      statuses.map((status) => ({
        method: "other",
        kind: "data",
        route: "-",
        status: String(status),
      })),
    );
  });
});
