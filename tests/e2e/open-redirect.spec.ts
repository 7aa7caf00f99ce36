import { expect, test } from "./fixtures";

/** No form's `redirectTo` can send the browser to another site (app/utils/http/http.ts). */

const HOSTILE = [
  "https://evil.example/",
  "HTTPS://EVIL.example",
  "//evil.example",
  "\\\\evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "%2F%2Fevil.example",
  "/%5C%5Cevil.example/..",
];

test.describe("open redirects", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "requests, not pages: one run is enough");

  test("sign-in, language and menu forms refuse every other-site redirectTo", async ({
    portal,
    page,
  }) => {
    // The forms' tokens are read over HTTP: the pages need no rendering to be posted to.
    const csrfOf = (path: string) => portal.securityTokenOf(path);
    for (const redirectTo of HOSTILE) {
      const csrf = await csrfOf("/auth/login");
      const login = await page.request.post("/auth/login", {
        form: { csrf, username: "demo", password: "Demo1234", redirectTo },
        maxRedirects: 0,
      });
      expect(login.status(), redirectTo).toBe(302);
      expect(login.headers().location, redirectTo).toBe("/dashboard");
      for (const [action, field] of [
        ["/settings/language", { language: "en" }],
        ["/settings/sidebar", { mode: "mini" }],
      ] as const) {
        const token = await csrfOf("/dashboard");
        const response = await page.request.post(action, {
          form: { csrf: token, redirectTo, ...field },
          maxRedirects: 0,
        });
        expect(response.headers().location, `${action} ${redirectTo}`).toBe("/");
      }
      await page.context().clearCookies();
    }
  });
});
