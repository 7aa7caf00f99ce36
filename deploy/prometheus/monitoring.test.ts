import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { metrics } from "~/utils/runtime/metrics.server";

/**
 * What an operator is handed for monitoring (decision 030), checked as Prometheus and Grafana
 * would take it: the scrape configuration and the alert rules by `promtool` (rules.test.yml holds
 * each alert's cases), and every series the rules and the dashboard name is one the portal serves.
 */

const PROMTOOL = process.env.PROMTOOL_PATH || "promtool";

function promtool(...args: string[]) {
  const run = spawnSync(PROMTOOL, args, { cwd: "deploy/prometheus", encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The portal's series as Prometheus stores them (a histogram as its _bucket, _count and _sum). */
// The pool's gauge is registered with the pool, on an instance given a store (DATABASE_URL).
metrics.databasePool(() => ({ total: 1, idle: 1, waiting: 0 }));

async function portalSeries() {
  const names = new Set<string>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === "histogram")
      for (const suffix of ["_bucket", "_count", "_sum"]) names.add(metric.name + suffix);
  }
  return names;
}

/** The portal's series an expression names (HAProxy's and Prometheus's own left out). */
const PORTAL_SERIES = /\b(?:http_server|provider|portal|process|nodejs)_[a-z0-9_]+\b/g;

const rules = parse(readFileSync("deploy/prometheus/rules.yml", "utf8")) as {
  groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
};
const dashboard = JSON.parse(readFileSync("deploy/grafana/agency-portal.json", "utf8")) as {
  templating: { list: Array<{ name: string; type: string }> };
  panels: Array<{
    title: string;
    datasource: { uid: string };
    targets: Array<{ expr: string }>;
  }>;
};

describe("Prometheus", () => {
  test("the scrape configuration and the rules are valid, and every rule's tests pass", () => {
    for (const args of [
      ["check", "config", "prometheus.yml"],
      ["check", "rules", "rules.yml"],
      ["test", "rules", "rules.test.yml"],
    ]) {
      const { status, output } = promtool(...args);
      expect(status, `promtool ${args.join(" ")}:\n${output}`).toBe(0);
    }
  });

  test("every alert has a test that raises it and one that must stay silent", () => {
    const tests = readFileSync("deploy/prometheus/rules.test.yml", "utf8");
    for (const { alert } of rules.groups.flatMap((group) => group.rules)) {
      const cases = [
        ...tests.matchAll(new RegExp(`alertname: ${alert}\\n(\\s+)exp_alerts:(.*)`, "g")),
      ];
      expect(
        cases.some((found) => found[2].trim() === "[]"),
        `${alert} silent`,
      ).toBe(true);
      expect(
        cases.some((found) => found[2].trim() === ""),
        `${alert} raised`,
      ).toBe(true);
    }
  });

  test("the rules name only series the portal serves", async () => {
    const served = await portalSeries();
    for (const { alert, expr } of rules.groups.flatMap((group) => group.rules))
      for (const [series] of expr.matchAll(PORTAL_SERIES))
        expect(served.has(series), `${alert}: ${series}`).toBe(true);
  });
});

describe("the Grafana dashboard", () => {
  test("asks which Prometheus on import and every panel queries it", () => {
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: "datasource", type: "datasource" }),
    );
    for (const panel of dashboard.panels) expect(panel.datasource.uid).toBe("${datasource}");
  });

  test("its panels name only series the portal serves", async () => {
    const served = await portalSeries();
    for (const panel of dashboard.panels)
      for (const { expr } of panel.targets)
        for (const [series] of expr.matchAll(PORTAL_SERIES))
          expect(served.has(series), `${panel.title}: ${series}`).toBe(true);
  });
});

/** Each `label="value"` and `label=~"a|b"` an expression puts on a series of the portal. */
function matchersIn(expr: string) {
  return [...expr.matchAll(/\b([a-z_][a-z0-9_]*)\{([^}]*)\}/g)].flatMap(([, series, inside]) =>
    [...inside.matchAll(/(\w+)\s*(=~|=)\s*"([^"]*)"/g)].map(([, label, operator, value]) => ({
      series: series.replace(/_(bucket|count|sum)$/, ""),
      label,
      values: operator === "=~" ? value.split("|") : [value],
    })),
  );
}

describe("label values", () => {
  const expressions = [
    ...rules.groups.flatMap((group) =>
      group.rules.map(({ alert, expr }) => ({ name: alert, expr })),
    ),
    ...dashboard.panels.flatMap((panel) =>
      panel.targets.map(({ expr }) => ({ name: panel.title, expr })),
    ),
  ];

  test("every value a rule or a panel matches is one the portal records", () => {
    let checked = 0;
    for (const { name, expr } of expressions)
      for (const { series, label, values } of matchersIn(expr)) {
        const known = metrics.labelValues[series]?.[label];
        if (!known) continue;
        for (const value of values)
          expect(known, `${name}: ${series}{${label}="${value}"}`).toContain(value);
        checked += 1;
      }
    // The provider's failures, the sign-ins' and the store's kind at least.
    expect(checked).toBeGreaterThanOrEqual(3);
  });
});
