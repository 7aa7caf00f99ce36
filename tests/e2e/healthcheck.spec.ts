import { expect, test } from "./fixtures";

test.describe("health check", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "no browser involved");

  test("tells a load balancer whether the provider answers", async ({ page, sandbox }) => {
    const health = async () => (await page.request.get("/healthcheck")).json();
    expect(await health()).toMatchObject({ status: "ok", provider: { reachable: true } });
    // A provider may answer HEAD / with anything below 500 and still be up.
    await sandbox.fault({ path: "/", method: "HEAD", status: 404 });
    expect(await health()).toMatchObject({ provider: { reachable: true } });
    await sandbox.clearFaults();
    await sandbox.fault({ path: "/", method: "HEAD", status: 503 });
    expect(await health()).toMatchObject({ status: "ok", provider: { reachable: false } });
  });
});
