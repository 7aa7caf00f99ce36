import { median, percentile, signIn, startServers } from "./lib";

/**
 * Dashboard response time with provider latency injected: every provider call takes LATENCY_MS
 * more. The dashboard makes nine provider calls (the layout's profile and eight widgets); loaded in
 * parallel, the page costs about one call's latency, loaded one after another it would cost nine.
 * Prints the ratio response time / single-call latency, which must stay under 1.5.
 */

const LATENCY_MS = Number(process.env.LATENCY_MS ?? 100);
const RUNS = Number(process.env.RUNS ?? 20);
const LIMIT = 1.5;

const servers = await startServers();
try {
  const cookie = await signIn(servers.portalUrl);
  await fetch(`${servers.sandboxUrl}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ path: "/api/*", latencyMs: LATENCY_MS }),
  });

  // The document shows the counters; the data request carries the numbers behind them.
  const measure = async (
    path: string,
    marker = path.endsWith(".data") ? "invoicedNumber" : "counter-Confirmed",
  ) => {
    const started = performance.now();
    const response = await fetch(`${servers.portalUrl}${path}`, { headers: { Cookie: cookie } });
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200 || !body.includes(marker))
      throw new Error(`${path}: ${response.status}`);
    return elapsed;
  };

  await measure("/dashboard"); // warm-up: module loading, first file-session read
  const documentTimes: number[] = [];
  const dataTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    documentTimes.push(await measure("/dashboard"));
    // What a JS navigation fetches: all the route's loaders in one single-fetch request.
    dataTimes.push(await measure("/dashboard.data"));
  }

  const documentMedian = median(documentTimes);
  const ratio = documentMedian / LATENCY_MS;
  console.log(`dashboard, ${RUNS} runs, provider latency ${LATENCY_MS} ms per call`);
  console.log(
    `  document  median ${documentMedian.toFixed(0)} ms, p90 ${percentile(documentTimes, 90).toFixed(0)} ms`,
  );
  console.log(
    `  data      median ${median(dataTimes).toFixed(0)} ms, p90 ${percentile(dataTimes, 90).toFixed(0)} ms`,
  );
  console.log(`  ratio response time / single-call latency: ${ratio.toFixed(2)} (limit ${LIMIT})`);
  if (ratio >= LIMIT) {
    console.error("FAIL: the dashboard's provider calls are not running in parallel.");
    process.exitCode = 1;
  }
} finally {
  servers.stop();
}
