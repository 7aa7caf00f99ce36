import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * HAProxy sends these files as they are (`errorfile`, `deny_status`): each must be a whole HTTP
 * answer carrying the headers every page of the portal carries, and a length that is its body's.
 */

const FOLDER = "deploy/errors";
const files = readdirSync(FOLDER).filter((name) => name.endsWith(".http"));

function answerIn(name: string) {
  const raw = readFileSync(join(FOLDER, name));
  // Lines may end in LF or CRLF: HAProxy's clients and browsers read either.
  const blank = /\r?\n\r?\n/.exec(raw.toString("latin1"))!;
  const [statusLine, ...lines] = raw.subarray(0, blank.index).toString("latin1").split(/\r?\n/);
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { statusLine, headers, body: raw.subarray(blank.index + blank[0].length) };
}

describe("HAProxy's own pages", () => {
  test("are all here: a page for every status the configuration answers with, and for HAProxy's own 400, 408 and 5xx", () => {
    const config = readFileSync("deploy/haproxy.cfg", "utf8");
    const pages = new Map(
      [...config.matchAll(/^\s*errorfile (\d{3}) errors\/(\S+)$/gm)].map(([, status, file]) => [
        status,
        file,
      ]),
    );
    const denied = [...config.matchAll(/deny_status (\d{3})/g)].map(([, status]) => status);
    expect(denied.length).toBeGreaterThan(0);
    // A malformed request (400), a client too slow (408) and no instance to answer (502-504)
    // are answered by HAProxy whatever its rules say.
    for (const status of [...denied, "400", "408", "502", "503", "504"])
      expect(pages.get(status), `errorfile ${status}`).toBe(`${status}.http`);
    expect(files.sort()).toEqual([...pages.values()].sort());
  });

  test.each(files)("%s carries its status, the portal's headers and its body's length", (name) => {
    const { statusLine, headers, body } = answerIn(name);
    expect(statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${name.slice(0, 3)} \\S`));
    expect(headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("content-security-policy")).toMatch(/(^|; )default-src 'none'(;|$)/);
    expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(Number(headers.get("content-length"))).toBe(body.length);
    expect(body.toString("utf8")).toMatch(/^<!doctype html>\n<html lang="en"/);
  });
});
