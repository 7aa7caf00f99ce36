import { PUBLIC_PAGES, SIGNED_IN_PAGES, wizardSteps } from "#tests/pages";
import { expect, secretsToKeep, test, type Sandbox } from "./fixtures";

/**
 * The provider's tokens, the passwords and the session secret stay on the server: no page, page
 * data, file, script or error page carries one, nor anything a script in the page could read.
 * (After a worker's whole run its portal's log is searched for them too: fixtures.ts.)
 */

/** What a navigation with JS asks for to show `path`: the data of all the page's loaders. */
function dataPathOf(path: string) {
  const url = new URL(path, "http://portal");
  return `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`;
}

async function expectNoSecretIn(texts: Array<{ where: string; text: string }>, sandbox: Sandbox) {
  const secrets = await secretsToKeep(sandbox);
  // The session secret, and at least the token of this test's sign-in and its password.
  expect(secrets.length).toBeGreaterThanOrEqual(3);
  const found = texts.flatMap(({ where, text }) =>
    secrets.filter((secret) => text.includes(secret)).map((secret) => `${where}: ${secret}`),
  );
  expect(found).toEqual([]);
}

test.describe("secrets", () => {
  test("no page, page data, file, script or error page the server sends carries one", async ({
    portal,
    page,
    sandbox,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "the server's answers are the same; the next test runs the pages");
    test.setTimeout(120_000);
    const answers: Array<{ where: string; text: string }> = [];
    const read = async (path: string, status = 200) => {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(status);
      answers.push({ where: path, text: await response.text() });
    };
    const readPage = async (path: string, status = 200) => {
      await read(path, status);
      await read(dataPathOf(path), status);
    };

    for (const path of PUBLIC_PAGES) await read(path);
    await portal.signInDirectly();
    for (const path of Object.values(SIGNED_IN_PAGES).flat()) await readPage(path);
    for (const { path, moveOn } of wizardSteps()) {
      await readPage(path);
      if (moveOn) expect((await portal.sendForm(path, moveOn)).status(), path).toBe(302);
    }
    // Files and the notes poll.
    await read("/reservations/list.csv");
    await read("/transactions.csv");
    await read("/orders/order-details/3001/accounting-report");
    await read("/reservations/reservation-details/7001/notes");
    // Error pages: no such page, no such record, and a provider that fails.
    await read("/no-such-page", 404);
    await read("/reservations/reservation-details/999999", 404);
    await sandbox.fault({ path: "/api/*", status: 500 });
    await readPage("/dashboard");
    await readPage("/reservations/list", 503);
    await sandbox.clearFaults();
    // Every script and translation file those pages load.
    const scripts = new Set(
      answers.flatMap(({ text }) =>
        [...text.matchAll(/\/assets\/[\w.-]+\.(?:js|json)(?=["\x27`])/g)].map(([src]) => src),
      ),
    );
    expect(scripts.size).toBeGreaterThan(10);
    // Vite names the entry and each route module after its dotted file name: both are read.
    expect([...scripts].filter((src) => src.startsWith("/assets/entry.client-"))).toHaveLength(1);
    expect([...scripts].some((src) => /^\/assets\/(_main|auth)\.[\w.-]+\.js$/.test(src))).toBe(
      true,
    );
    for (const script of scripts) await read(script);
    answers.push({ where: "cookies", text: JSON.stringify(await page.context().cookies()) });

    await expectNoSecretIn(answers, sandbox);
  });

  test("the pages as the browser has them, and all their scripts can read, carry none", async ({
    portal,
    page,
    sandbox,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "scripts only run with JS on");
    test.setTimeout(120_000);
    const seen: Array<{ where: string; text: string }> = [];
    // Everything the browser receives: documents, the data of client-side navigations, scripts.
    const received: Array<Promise<{ where: string; text: string }>> = [];
    page.on("response", (response) => {
      if (!["document", "fetch", "script"].includes(response.request().resourceType())) return;
      const where = response.url();
      // A redirect has no body.
      received.push(
        response.text().then(
          (text) => ({ where, text }),
          () => ({ where, text: "" }),
        ),
      );
    });
    await portal.signIn();
    for (const path of Object.values(SIGNED_IN_PAGES).flat()) {
      await portal.visit(path);
      seen.push({
        where: `${path}, as shown and readable by scripts`,
        text: [
          await page.content(),
          ...(await page.evaluate(() => [
            document.cookie,
            JSON.stringify({ ...localStorage }),
            JSON.stringify({ ...sessionStorage }),
          ])),
        ].join("\n"),
      });
    }
    // A navigation without a page load: its data comes as a fetch.
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Dashboard" })
      .click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    seen.push(...(await Promise.all(received)));
    expect(seen.some(({ where }) => where.includes("/dashboard.data"))).toBe(true);

    await expectNoSecretIn(seen, sandbox);
  });
});
