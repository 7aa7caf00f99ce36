import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as mainLoader } from "~/routes/_main";
import { loader as dashboardLoader } from "~/routes/_main.dashboard/route";
import { loader as verifyEmailLoader } from "~/routes/_main.account.verify-email";
import { sessionStorage } from "~/utils/session/session.server";
import { requestToken } from "~/utils/provider/token.server";
import { DEMO_USER } from "#sandbox/seed";
import { setupSandbox } from "#sandbox/node";
import { requestWithContext } from "./request-context";

const { server } = setupSandbox();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

async function signedInRequest(path: string) {
  const token = await requestToken(
    {},
    { username: DEMO_USER.userName, password: DEMO_USER.password, requestReference: "test" },
  );
  const session = await sessionStorage.getSession();
  session.set("token", token);
  session.set("startedAt", Date.now());
  const cookie = (await sessionStorage.commitSession(session)).split(";")[0];
  return { token, visit: await requestWithContext(`http://portal.test${path}`, cookie) };
}

/** Loaders may return data() wrappers; what reaches the browser is their serialised data. */
function serialised(result: unknown) {
  const value =
    result && typeof result === "object" && "data" in result && "init" in result
      ? (result as { data: unknown }).data
      : result;
  return JSON.stringify(value);
}

describe("the provider token", () => {
  // Every page's data, as the browser gets it, is read for it in tests/e2e/secrets.spec.ts.
  test("is in the data of none of the root, layout, dashboard and e-mail loaders, though they use it", async () => {
    const {
      token,
      visit: [request, context],
    } = await signedInRequest("/dashboard");
    const args = { request, params: {}, context };
    const results = await Promise.all([
      rootLoader(args),
      mainLoader(args),
      dashboardLoader(args),
      verifyEmailLoader(args),
    ]);
    // The loaders did reach the provider with it: the profile came back.
    expect(serialised(results[1])).toContain("Parsian Travel");
    for (const result of results) expect(serialised(result)).not.toContain(token);
  });
});
