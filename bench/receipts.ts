import { rssMb, signIn, startServers } from "./lib";

/**
 * Receipt uploads and the portal's memory. 20 receipts of 4 MB posted at once (the multipart
 * body is parsed in memory up to the 5 MB limit, then sent on to the provider): the portal's peak
 * RSS, goal under 250 MB. Then one 50 MB upload: refused as soon as it passes 5 MB, so the RSS
 * must not grow by more than that limit.
 */

const CONCURRENT = Number(process.env.CONCURRENT ?? 20);
const FILE_MB = 4;
const HUGE_MB = 50;
const LIMIT_MB = 5;
const PEAK_GOAL_MB = 250;
const ORDER_ID = 3002;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Samples the RSS every 10 ms while `work` runs; answers the highest. */
async function peakRss<T>(pid: number, work: () => Promise<T>) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  try {
    const result = await work();
    peak = Math.max(peak, rssMb(pid));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

function receiptForm(csrf: string, file: Buffer, number: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    csrf,
    receiptNumber: number,
    receiptPaymentType: "1",
    paymentDate: "2026/11/20",
    paymentTime: "10:30",
    sendersName: "Bench",
    amount: "100",
    currency: "3",
    description: "",
  }))
    form.append(name, value);
  form.append(
    "receipt",
    new Blob([file as Uint8Array<ArrayBuffer>], { type: "image/png" }),
    "receipt.png",
  );
  return form;
}

const servers = await startServers();
try {
  const cookie = await signIn(servers.portalUrl);
  const page = await fetch(`${servers.portalUrl}/orders/order-details/${ORDER_ID}/receipt`, {
    headers: { Cookie: cookie },
  });
  const csrf = (await page.text()).match(/name="csrf" value="([^"]+)"/)?.[1];
  if (!csrf) throw new Error("No CSRF token on the receipt page");
  const post = (file: Buffer, number: string) =>
    fetch(`${servers.portalUrl}/orders/order-details/${ORDER_ID}/receipt`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: receiptForm(csrf, file, number),
      redirect: "manual",
    }).then(
      async (response) => {
        await response.arrayBuffer();
        return String(response.status);
      },
      (error: Error) => `error (${error.message})`,
    );

  const file = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(FILE_MB * 1024 * 1024 - 8)]);
  const idle = rssMb(servers.portalPid);
  const burst = await peakRss(servers.portalPid, () =>
    Promise.all(Array.from({ length: CONCURRENT }, (_, index) => post(file, `RC-B${index}`))),
  );
  const statuses = burst.result.reduce<Record<string, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});
  console.log(`${CONCURRENT} receipts of ${FILE_MB} MB at once, order ${ORDER_ID}`);
  console.log(
    `  portal RSS idle ${idle.toFixed(0)} MB, peak ${burst.peak.toFixed(0)} MB (goal < ${PEAK_GOAL_MB} MB)`,
  );
  console.log(
    `  answers: ${Object.entries(statuses)
      .map(([status, count]) => `${count}× ${status}`)
      .join(
        ", ",
      )} (one receipt per order may wait for verification: the others are refused by the provider after their upload)`,
  );

  const before = rssMb(servers.portalPid);
  const huge = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(HUGE_MB * 1024 * 1024 - 8)]);
  const refused = await peakRss(servers.portalPid, () => post(huge, "RC-HUGE"));
  const growth = refused.peak - before;
  console.log(`one ${HUGE_MB} MB upload`);
  console.log(`  answer: ${refused.result} (413 expected, or the connection closed early)`);
  console.log(
    `  portal RSS before ${before.toFixed(0)} MB, peak ${refused.peak.toFixed(0)} MB: growth ${growth.toFixed(1)} MB (limit ${LIMIT_MB} MB)`,
  );
  if (burst.peak >= PEAK_GOAL_MB) {
    console.error("FAIL: the portal's peak RSS passed the goal.");
    process.exitCode = 1;
  }
  if (growth > LIMIT_MB) {
    console.error("FAIL: the refused upload grew the portal's memory by more than the limit.");
    process.exitCode = 1;
  }
} finally {
  servers.stop();
}
