import { describe, expect, test } from "vitest";
import { toCsv } from "./csv.server";

describe("toCsv", () => {
  test("starts with a byte-order mark and ends rows with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        [1, null],
      ]),
    ).toBe("\uFEFFa,b\r\n1,\r\n");
  });
  test("quotes cells with commas, quotes and line breaks", () => {
    expect(toCsv([['say "hi", then', "two\nlines"]])).toBe(
      '\uFEFF"say ""hi"", then","two\nlines"\r\n',
    );
  });
  test("keeps formulas from running in a spreadsheet", () => {
    expect(toCsv([["=SUM(A1)", "-3", "@x", -3]])).toBe("\uFEFF'=SUM(A1),'-3,'@x,-3\r\n");
  });
  test("keeps Persian text as it is", () => {
    expect(toCsv([["هتل پارسیان"]])).toBe("\uFEFFهتل پارسیان\r\n");
  });
});
