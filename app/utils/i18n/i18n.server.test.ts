import { describe, expect, test } from "vitest";
import { pageTranslations } from "~/utils/i18n/i18n.server";
import { translations } from "~/utils/i18n/i18n-resources.server";

describe("pageTranslations: what a page's document carries for hydration", () => {
  test("an English page: its namespaces, and nothing else", () => {
    const resources = pageTranslations("en", ["common", "requests"]);
    expect(Object.keys(resources)).toEqual(["en"]);
    expect(resources.en).toEqual({
      common: translations.en.common,
      requests: translations.en.requests,
    });
  });

  test("a Persian page: its namespaces, and of English only the keys Persian lacks", () => {
    const resources = pageTranslations("fa", ["common", "orders"]);
    expect(resources.fa).toEqual({
      common: translations.fa.common,
      orders: translations.fa.orders,
    });
    // Both languages have the same keys (tests/locales.test.ts): the fallback's bundles are empty,
    // present so that the browser asks for none.
    expect(resources.en).toEqual({ common: {}, orders: {} });
  });

  test("a key Persian lacks comes from English, nested where it belongs", () => {
    const list = translations.fa.orders as { list: Record<string, string> };
    const title = list.list.title;
    delete list.list.title;
    try {
      expect(pageTranslations("fa", ["orders"]).en).toEqual({
        orders: { list: { title: (translations.en.orders as typeof list).list.title } },
      });
    } finally {
      list.list.title = title;
    }
  });

  test("an unknown language is rendered, and carried, in English", () => {
    expect(Object.keys(pageTranslations("xx", ["common"]))).toEqual(["en"]);
  });
});
