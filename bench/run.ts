// `npm run bench`: runs every benchmark in turn. Build first (`npm run build`).
const benchmarks = [
  "./dashboard.ts",
  "./page-weight.ts",
  "./page-load.ts",
  "./booking.ts",
  "./notes-poll.ts",
  "./receipts.ts",
  "./shared-offer.ts",
  "./load.ts",
];
for (const benchmark of benchmarks) {
  console.log(`\n== ${benchmark}`);
  await import(benchmark);
}

export {};
