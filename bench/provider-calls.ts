import { signIn, startServers } from "./lib";

/**
 * Provider calls per signed-in page for a large agency: the demo agency with WAITING (5,000)
 * more requests waiting for payment, none due soon. A clerk's round of pages as documents, the
 * dashboard first (as after signing in), then the same round again within the minute; and the
 * round once more against a provider that ignores the list's deadline filter (`PaymentDeadlineTo`
 * is optional in the contract). Prints, per page, every call and those to the requests list.
 */

const WAITING = Number(process.env.WAITING ?? 5000);
const ROUND = [
  "/dashboard",
  "/reservations/list",
  "/orders",
  "/orders/order-details/3001",
  "/payments",
  "/transactions",
  "/reservations/reservation-details/7001",
];

type Call = { method: string; path: string; answerModel?: string | null };

const servers = await startServers();
try {
  const control = (path: string, body: unknown) =>
    fetch(`${servers.sandboxUrl}/__sandbox${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const added = await control("/agencies/1/waiting-requests", { count: WAITING });
  if (added.status !== 201) throw new Error(`Could not add the requests: ${added.status}`);
  const calls = async (): Promise<Call[]> =>
    (await fetch(`${servers.sandboxUrl}/__sandbox/calls`)).json() as Promise<Call[]>;

  const round = async (label: string, cookie: string) => {
    console.log(`\n${label}`);
    console.log("page                                      calls  requests-list calls");
    let total = 0;
    for (const path of ROUND) {
      const before = (await calls()).length;
      const response = await fetch(`${servers.portalUrl}${path}`, { headers: { Cookie: cookie } });
      await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      const made = (await calls()).slice(before);
      // A GET of the collection asks for the grid (the list, or the payments due soon).
      const grid = made.filter(
        (call) =>
          call.method === "GET" &&
          call.path === "/api/AccommodationReserveRequestClient" &&
          (call.answerModel ?? "ReserveRequestGrid") === "ReserveRequestGrid",
      ).length;
      total += made.length;
      console.log(
        `${path.padEnd(42)}${String(made.length).padStart(5)}  ${String(grid).padStart(5)}`,
      );
    }
    console.log(`${"every page of the round".padEnd(42)}${String(total).padStart(5)}`);
  };

  const cookie = await signIn(servers.portalUrl);
  console.log(`The demo agency with ${WAITING} more requests waiting for payment.`);
  await round("A provider with the deadline filter, a clerk's first round:", cookie);
  await round("The same round again within the minute:", cookie);
  await control("/rules", { paymentDeadlineFilter: false });
  await round(
    "A provider without the filter (it ignores PaymentDeadlineTo), a new session:",
    await signIn(servers.portalUrl),
  );
} finally {
  servers.stop();
}
