import { parseWithZod } from "@conform-to/zod";
import { expect, test } from "vitest";
import { z } from "zod";
import { intentFromButtonName, intentInName } from "./intent-button";

const schema = z.object({ rooms: z.array(z.object({ name: z.string().optional() })).default([]) });

/** What a browser sends for the button: its name, with an empty value when it has none. */
function sentBy(button: { name: string; value?: string }, fields: Array<[string, string]> = []) {
  const formData = new FormData();
  for (const [name, value] of fields) formData.append(name, value);
  formData.append(button.name, button.value ?? "");
  return formData;
}

test("an intent sent in a button's name reaches conform as its own button would send it", () => {
  const intent = {
    name: "__intent__",
    value: JSON.stringify({ type: "insert", payload: { name: "rooms" } }),
  };
  const fields: Array<[string, string]> = [["rooms[0].name", "Single"]];
  const byName = parseWithZod(intentFromButtonName(sentBy(intentInName(intent), fields)), {
    schema,
  });
  const byConform = parseWithZod(sentBy(intent, fields), { schema });
  expect(byName.reply().initialValue).toEqual(byConform.reply().initialValue);
  expect(byName.reply().initialValue).toEqual({ rooms: [{ name: "Single" }, undefined] });
});

test("a button with the intent in its name has no value for a text browser to show", () => {
  expect(intentInName({ name: "__intent__", value: '{"type":"remove"}' })).toEqual({
    name: '__intent__:{"type":"remove"}',
    value: undefined,
  });
});

test("a form without such a button is left as it came", () => {
  const formData = intentFromButtonName(sentBy({ name: "intent", value: "search" }));
  expect([...formData.entries()]).toEqual([["intent", "search"]]);
});
