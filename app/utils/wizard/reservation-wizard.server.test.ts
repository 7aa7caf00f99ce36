import { describe, expect, test } from "vitest";
import { typedInputOf } from "./reservation-wizard.server";

describe("typed input kept in the draft", () => {
  test("holds what the clerk typed, and none of the form's own fields", () => {
    const payload = {
      csrf: "token",
      intent: "add-room",
      language: "fa",
      enhanced: "1",
      rooms: [{ roomTypeId: "11", guests: [{ firstName: "Sara", dateOfBirth: "۱۳۶۹/۰۲/۲۵" }] }],
      note: "",
    };
    expect(typedInputOf(payload)).toEqual({
      rooms: [{ roomTypeId: "11", guests: [{ firstName: "Sara", dateOfBirth: "۱۳۶۹/۰۲/۲۵" }] }],
      note: "",
    });
    expect(typedInputOf(undefined)).toEqual({});
  });
});
