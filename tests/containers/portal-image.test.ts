import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { treeIdentity } from "./portal-image";

/**
 * The background image build is taken by a later run only when it was built from the tree as that
 * run finds it (issue 70, D14): the identity changes with any file the image's `COPY . .` takes,
 * and with nothing else.
 */
describe("treeIdentity", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "tree-"));
    execFileSync("git", ["init", "-q"], { cwd: dir });
    writeFileSync(join(dir, ".gitignore"), "build/\n");
    writeFileSync(join(dir, "server.ts"), "export const port = 3000;\n");
    execFileSync("git", ["add", "."], { cwd: dir });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("changes when a file of the tree changes, even to the same size", () => {
    const before = treeIdentity(dir);
    expect(treeIdentity(dir)).toBe(before);
    writeFileSync(join(dir, "server.ts"), "export const port = 4000;\n");
    // A second's step, as an edit in the same millisecond as the first write would not show.
    utimesSync(join(dir, "server.ts"), new Date(), new Date(Date.now() + 1000));
    expect(treeIdentity(dir)).not.toBe(before);
  });

  test("changes with a new file git does not ignore, and with a file gone", () => {
    const before = treeIdentity(dir);
    writeFileSync(join(dir, "new-route.tsx"), "export default null;\n");
    const withTheNewFile = treeIdentity(dir);
    expect(withTheNewFile).not.toBe(before);
    rmSync(join(dir, "server.ts"));
    expect(treeIdentity(dir)).not.toBe(withTheNewFile);
  });

  test("keeps with a file git ignores, which the image does not take", () => {
    const before = treeIdentity(dir);
    mkdirSync(join(dir, "build"));
    writeFileSync(join(dir, "build", "server.js"), "built\n");
    expect(treeIdentity(dir)).toBe(before);
  });
});
