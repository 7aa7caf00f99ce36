import { describe, expect, test } from "vitest";
import { cleanFileName, downloadHeaders, fileNameOf } from "./file-download.server";

const fileWith = (headers: Record<string, string>) => new Response("x", { headers });

describe("a provider's file handed on as a download", () => {
  test("is always an attachment, of a type a report may have, and runs nothing", () => {
    const html = downloadHeaders(
      fileWith({ "Content-Type": "text/html", "Content-Disposition": "inline" }),
      "report",
    );
    expect(html.get("Content-Type")).toBe("application/octet-stream");
    expect(html.get("Content-Disposition")).toMatch(/^attachment; filename="report"/);
    expect(html.get("Content-Security-Policy")).toContain("sandbox");
    const pdf = downloadHeaders(
      fileWith({ "Content-Type": "application/pdf; charset=binary" }),
      "r",
    );
    expect(pdf.get("Content-Type")).toBe("application/pdf");
  });

  test("keeps the provider's file name, cleaned of folders, quotes and control characters", () => {
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe("../../etc/passwd");
    expect(cleanFileName("../../etc/passwd", "f")).toBe("passwd");
    expect(cleanFileName('a"b\r\nc.pdf', "f")).toBe("abc.pdf");
    expect(cleanFileName("..", "fallback")).toBe("fallback");
    expect(fileNameOf("attachment; filename*=UTF-8''%D9%84%DB%8C%D8%B3%D8%AA.pdf")).toBe(
      "لیست.pdf",
    );
    const persian = downloadHeaders(
      fileWith({
        "Content-Disposition": "attachment; filename*=UTF-8''%D9%84%DB%8C%D8%B3%D8%AA.pdf",
      }),
      "f",
    );
    expect(persian.get("Content-Disposition")).toBe(
      `attachment; filename="____.pdf"; filename*=UTF-8''%D9%84%DB%8C%D8%B3%D8%AA.pdf`,
    );
  });
});
