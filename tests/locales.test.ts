import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

function flatKeys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) =>
      flatKeys(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

function localeKeys(language: string) {
  const folder = join("locales", language);
  return readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) =>
      flatKeys(JSON.parse(readFileSync(join(folder, file), "utf8")), file.replace(/\.json$/, "")),
    )
    .sort();
}

describe("translations", () => {
  test("English and Persian have exactly the same keys", () => {
    expect(localeKeys("fa")).toEqual(localeKeys("en"));
  });

  test("no Persian text is left empty or in English by mistake", () => {
    const folder = join("locales", "fa");
    const values = readdirSync(folder).flatMap((file) => {
      const json = JSON.parse(readFileSync(join(folder, file), "utf8"));
      const collect = (value: unknown, path: string): Array<[string, string]> =>
        value && typeof value === "object"
          ? Object.entries(value).flatMap(([key, child]) => collect(child, `${path}.${key}`))
          : [[path, String(value)]];
      return collect(json, file);
    });
    // Language names are shown in their own language on purpose.
    const untranslated = values.filter(
      ([path, text]) => !/[\u0600-\u06FF]/.test(text) && !path.includes(".language."),
    );
    expect(untranslated).toEqual([]);
  });
});
