// Starts the container tests' image build (the stand-in base images, then the portal's image) in
// the background and returns at once: `npm test` runs it before typecheck, so that a cold build's
// minutes pass beside the checks, the unit tests and the build, not after them. It needs only the
// tree and the network. The tests' fixture waits for its outcome (tests/containers/portal-image.ts).
import { spawn } from "node:child_process";
import { mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { BACKGROUND_BUILD, treeIdentity } from "../tests/containers/portal-image";

mkdirSync(dirname(BACKGROUND_BUILD.started), { recursive: true });
rmSync(BACKGROUND_BUILD.result, { force: true });
const log = openSync(BACKGROUND_BUILD.log, "w");
const child = spawn(process.execPath, ["--import", "tsx", "scripts/build-test-image.ts"], {
  detached: true,
  stdio: ["ignore", log, log],
});
child.unref();
// The tree it builds, so that a later run of the tests alone knows whether the image is its own.
writeFileSync(BACKGROUND_BUILD.started, JSON.stringify({ pid: child.pid, tree: treeIdentity() }));
console.log(
  `The container tests' image is being built in the background (${BACKGROUND_BUILD.log}).`,
);
