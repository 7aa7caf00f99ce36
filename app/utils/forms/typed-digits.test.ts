import { describe, expect, test } from "vitest";
import { withLatinDigits, withLatinDigitsIn } from "./typed-digits";

describe("typed digits", () => {
  test("Persian and Arabic-Indic digits are read as Latin ones in every field of a form", () => {
    const form = new FormData();
    form.set("amount", "۱۲٬۵۰۰٫۷۵");
    form.set("reference", "RC-٤٥٦٧");
    form.set("rooms[0].guests[1].passportNumber", "K۱۲۳۴۵۶۷۸");
    form.set("rooms[0].guests[1].dateOfBirth", "۱۳۶۹/۰۲/۲۴");
    form.set("username", "agent٢");
    const read = withLatinDigits(form);
    expect(Object.fromEntries(read)).toEqual({
      amount: "12٬500٫75",
      reference: "RC-4567",
      "rooms[0].guests[1].passportNumber": "K12345678",
      "rooms[0].guests[1].dateOfBirth": "1369/02/24",
      username: "agent2",
    });
  });

  test("passwords and the clerk's own words stay as typed; files are untouched", () => {
    const form = new FormData();
    const file = new File(["x"], "receipt.png", { type: "image/png" });
    for (const field of ["password", "currentPassword", "content", "message", "description"])
      form.set(field, "اتاق ۲ با ٣ تخت");
    form.set("file", file);
    const read = withLatinDigits(form);
    for (const field of ["password", "currentPassword", "content", "message", "description"])
      expect(read.get(field), field).toBe("اتاق ۲ با ٣ تخت");
    expect(read.get("file")).toBe(file);
  });

  test("a list's query: every value, both digit sets", () => {
    expect(withLatinDigitsIn({ number: "HR-۷۰۰۱", ref: "٧٠٠١", page: "۲" })).toEqual({
      number: "HR-7001",
      ref: "7001",
      page: "2",
    });
  });
});

describe("a reply to a form read with Latin digits", () => {
  test("shows the values as typed; the values read are Latin", async () => {
    const { parseWithZod } = await import("@conform-to/zod");
    const { z } = await import("zod");
    const { showAsTyped } = await import("./typed-digits");
    const typed = new FormData();
    typed.set("rooms[0].guests[0].dateOfBirth", "۲۰۲۷/۰۲/۲۹");
    typed.set("reference", "RC-٤٥٦٧");
    const read = withLatinDigits(typed);
    const schema = z.object({
      rooms: z.array(z.object({ guests: z.array(z.object({ dateOfBirth: z.string() })) })),
      reference: z.string().regex(/^RC-\d+$/),
    });
    const submission = parseWithZod(read, { schema });
    expect(submission.status).toBe("success");
    showAsTyped(submission.payload, read);
    expect(submission.reply().initialValue).toEqual({
      rooms: [{ guests: [{ dateOfBirth: "۲۰۲۷/۰۲/۲۹" }] }],
      reference: "RC-٤٥٦٧",
    });
  });
});
