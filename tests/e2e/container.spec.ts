import { readdirSync } from "node:fs";
import { DEMO_USER } from "#sandbox/seed";
import { MIGRATE_COMMAND } from "../../scripts/portal-build.mjs";
import { runPortalContainer } from "../containers/portal-container";
import { podman, waitUntil } from "../containers/podman";
import { createDatabase } from "../postgres-server";
import { clerkAt, test } from "./container-fixtures";
import { expect } from "./fixtures";
import { PNG, submitReceipt } from "./journeys";
import { SESSION_SECRET } from "./servers";

/**
 * The portal's image as operators run it (issue 38, decision 027): the Dockerfile built from the
 * working tree with podman, run with a read-only root on Node 24. The "containers" project, first
 * in playwright.config.ts, so that its worker builds the image while the others run the browser
 * tests; these containers share the machine's network, so they add no network interface (see
 * topology.spec.ts for why that matters).
 */

// One worker, in order: they share the image and its sandbox. A journey in a container beside the
// browser workers and a CPU hog took 21 s (0.35 of 60 s): 90 s.
test.describe.configure({ mode: "default", timeout: 90_000 });

test("the image runs on Node 24 as uid 1000 on a read-only root: it migrates a new store, a clerk signs in, sets the agency's logo, sends a receipt with its file and signs out", async ({
  portalImage,
  reachableSandbox: sandbox,
  browser,
  servers,
}) => {
  // Two containers (the migration, then the portal) and the journey: 38 s on a quiet CI run.
  test.setTimeout(180_000);
  // What the image adds to its Node base: the build and the traced files of its packages.
  expect(portalImage.addedToBase, "bytes over the Node base").toBeLessThan(40e6);
  await sandbox.reset();
  // The image's own migration command, as compose's one-shot service and the Deployment's init
  // container run it, on a store that has none of its tables yet.
  const databaseUrl = await createDatabase(servers.databaseUrl, "image", { migrated: false });
  const migrations = readdirSync("db/migrations").map((file) => file.replace(/\.sql$/, ""));
  expect(
    await podman([
      ...["run", "--rm", "--network", "host", "--read-only", "-e", `DATABASE_URL=${databaseUrl}`],
      ...[portalImage.image, "node", MIGRATE_COMMAND],
    ]),
  ).toBe(`Applied ${migrations.join(", ")}.`);
  const container = await runPortalContainer({
    image: portalImage.image,
    name: "agency-portal-e2e-journey",
    env: { SESSION_SECRET, PROVIDER_API_URL: sandbox.url, DATABASE_URL: databaseUrl },
  });
  try {
    expect(await container.inside(["node", "-p", "process.version"])).toMatch(/^v24\./);
    expect(await container.inside(["id", "-u"])).toBe("1000");
    // The root is read-only: nothing of the image can be changed from inside.
    await expect(container.inside(["touch", "/home/node/written"])).rejects.toThrow(/Read-only/);

    const portal = await clerkAt(browser, container.url);
    await portal.signIn();
    await expect(portal.page).toHaveURL(/\/dashboard$/);
    await portal.hydrated();
    // The logo, through the image's upload path into the store and back.
    await portal.visit("/agency/branding");
    await portal.page
      .getByLabel("Logo", { exact: true })
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await portal.page.getByRole("button", { name: "Save branding" }).click();
    await expect(portal.page.getByText("The agency's branding is saved.")).toBeVisible();
    const logo = await portal.page.request.get("/agency/branding/logo");
    expect(Buffer.from(await logo.body()).equals(PNG)).toBe(true);
    // A receipt: its file is written to /tmp (in memory) by uid 1000, then sent to the provider.
    await submitReceipt(portal, 3002, "RC-CONTAINER-1");
    const payment = (await sandbox.state()).payments.find(
      (entry) => entry.receiptNumber === "RC-CONTAINER-1",
    )!;
    expect((await sandbox.receiptFile(payment.fileName!, DEMO_USER)).equals(PNG)).toBe(true);
    await portal.page.getByRole("button", { name: "Log Out" }).click();
    await expect(portal.page).toHaveURL(/\/auth\/login$/);
    await portal.page.context().close();
  } finally {
    await container.remove();
  }
  expect(container.output()).not.toMatch(/^Node\.js v|unhandled/im);
});

test("SIGTERM while a page is under way: the page is answered, then the container exits 0", async ({
  portalImage,
  reachableSandbox: sandbox,
  browser,
}) => {
  await sandbox.reset();
  const container = await runPortalContainer({
    image: portalImage.image,
    name: "agency-portal-e2e-sigterm",
    env: { SESSION_SECRET, PROVIDER_API_URL: sandbox.url },
  });
  try {
    const portal = await clerkAt(browser, container.url);
    await portal.signInDirectly();
    // The provider takes 2 s over the requests list: the page is under way when the stop comes.
    await sandbox.fault({ path: "/api/AccommodationReserveRequestClient", latencyMs: 2000 });
    const page = portal.page.request.get("/reservations/list");
    await waitUntil(
      async () =>
        (await sandbox.calls()).some((call) =>
          call.path.startsWith("/api/AccommodationReserveRequestClient"),
        ),
      "the list's call at the provider",
      10_000,
    );
    const stopped = container.stop();
    expect((await page).status()).toBe(200);
    await stopped;
    expect(await container.exited).toBe(0);
    await portal.page.context().close();
  } finally {
    await container.remove();
  }
});
