import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, test } from "vitest";
import { switchedLanguage } from "~/utils/forms/language-switch.server";
import { languageCookie } from "~/utils/i18n/i18n.server";

/** A request's context as far as a switch uses it: the language it ends in. */
function contextOf(language: "en" | "fa") {
  const context = {
    language,
    switchLanguage: async (next: "en" | "fa") => {
      context.language = next;
    },
  };
  return context;
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("switchedLanguage", () => {
  test("a form sent by a language button comes back in that language, its values as typed, its dates in the new calendar, its passwords dropped, the cookie set", async () => {
    const context = contextOf("en");
    const fields = {
      language: "fa",
      receiptNumber: "RC-1",
      paymentDate: "2026/11/20",
      newPassword: "Secret-1",
    };
    const { language: _button, ...payload } = fields;
    const switched = await switchedLanguage(context as unknown as AppLoadContext, form(fields), {
      ...payload,
      language: "fa",
    });
    expect(context.language).toBe("fa");
    expect(switched?.result).toEqual({
      initialValue: { receiptNumber: "RC-1", paymentDate: "۱۴۰۵/۰۸/۲۹" },
    });
    expect(await languageCookie.parse(switched?.headers["Set-Cookie"].split(";")[0] ?? "")).toBe(
      "fa",
    );
  });

  test("any other post, or a language the portal does not have, is no switch", async () => {
    const posts: Array<Record<string, string>> = [
      { content: "A note" },
      { language: "de", content: "A note" },
    ];
    for (const fields of posts) {
      const context = contextOf("en");
      expect(
        await switchedLanguage(context as unknown as AppLoadContext, form(fields), fields),
      ).toBeNull();
      expect(context.language).toBe("en");
    }
  });
});
