#!/usr/bin/env node
// The slowest browser tests of the last run, from Playwright's JSON report: each one's time, its
// timeout and the share of the timeout it used. Each test should use at most a third of its
// timeout, so that a machine twice as slow and busy still passes it: one past a third is named;
// one past half fails the run (`npm test` runs this after Playwright), as it would fail there.
// Usage: node scripts/slowest-tests.mjs [report.json] [count]; also the time spent per file.
import { readFileSync } from "node:fs";

const reportFile = process.argv[2] ?? ".data/e2e-results.json";
const count = Number(process.argv[3] ?? 15);
const AIMED_SHARE = 1 / 3;
const MAX_SHARE = 1 / 2;

let report;
try {
  report = JSON.parse(readFileSync(reportFile, "utf8"));
} catch (error) {
  console.error(`No report at ${reportFile} (run npm run test:e2e first): ${error.message}`);
  process.exit(1);
}

const runs = [];
function walk(suite, titles) {
  for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        if (result.status === "skipped") continue;
        runs.push({
          name: `[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles.slice(1), spec.title].join(" › ")}`,
          file: spec.file,
          ms: result.duration,
          timeoutMs: test.timeout,
          status: result.status,
        });
      }
    }
  }
}
for (const suite of report.suites) walk(suite, [suite.title]);

const seconds = (ms) => (ms / 1000).toFixed(1);
const slowest = [...runs].sort((a, b) => b.ms / b.timeoutMs - a.ms / a.timeoutMs).slice(0, count);
console.log(`The ${slowest.length} tests nearest their timeout, of ${runs.length} run:\n`);
console.log("| time (s) | timeout (s) | share | status | test |");
console.log("| ---: | ---: | ---: | --- | --- |");
for (const run of slowest)
  console.log(
    `| ${seconds(run.ms)} | ${seconds(run.timeoutMs)} | ${(run.ms / run.timeoutMs).toFixed(2)} | ${run.status} | ${run.name} |`,
  );

const perFile = new Map();
for (const run of runs) perFile.set(run.file, (perFile.get(run.file) ?? 0) + run.ms);
console.log("\nTest time per file (both workers added up):\n");
for (const [file, ms] of [...perFile].sort((a, b) => b[1] - a[1]))
  console.log(`${seconds(ms).padStart(7)} s  ${file}`);
const wall = report.stats?.duration;
if (wall) console.log(`\nWall time of the run: ${seconds(wall)} s`);

const pastAThird = runs.filter((run) => run.ms > run.timeoutMs * AIMED_SHARE);
if (pastAThird.length > 0)
  console.log(`\n${pastAThird.length} test(s) used more than a third of their timeout.`);
const pastHalf = runs.filter((run) => run.ms > run.timeoutMs * MAX_SHARE);
if (pastHalf.length > 0) {
  console.log(`${pastHalf.length} test(s) used more than half of their timeout: the run fails.`);
  process.exit(1);
}
