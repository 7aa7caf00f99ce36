import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { imageSize, podman, run } from "./podman";
import { ensureStandIns, NODE_IMAGE } from "./stand-ins";

/** The image the container tests build from the working tree. */
const PORTAL_IMAGE = "localhost/agency-portal:e2e";

export type BuiltImage = {
  image: string;
  /** The stand-ins made for this run (none when podman's storage had them). */
  standInsMade: string[];
  standInSeconds: number;
  buildSeconds: number;
  /** The image, and what it adds to its Node base, in bytes. */
  size: number;
  addedToBase: number;
};

/**
 * Builds the Dockerfile as an operator behind a TLS-intercepting proxy would (README, decision 027):
 * npm's settings and the proxy's certificate authority as build secrets, which no layer keeps.
 * These machines reach the npm registry through such a proxy; its CA is the one Node is told of
 * here (NODE_EXTRA_CA_CERTS). `--network host`: the build's npm reaches the registry as the
 * machine does. podman's layer cache makes a build of an unchanged tree quick.
 */
export async function buildPortalImage(): Promise<BuiltImage> {
  const started = Date.now();
  const standInsMade = await ensureStandIns();
  const standInSeconds = (Date.now() - started) / 1000;

  const dir = resolve(".data/containers");
  mkdirSync(dir, { recursive: true });
  const npmrc = resolve(dir, "npmrc");
  const registry = await run("npm", ["config", "get", "registry"]);
  writeFileSync(npmrc, `registry=${registry}\nfund=false\naudit=false\n`);
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  const secrets = [
    ...["--secret", `id=npmrc,src=${npmrc}`],
    ...(ca && existsSync(ca) ? ["--secret", `id=ca,src=${ca}`] : []),
  ];

  // npm's cache of this machine, which `npm ci` of this run has just filled from the same lock
  // file, lent to the build's npm as an overlay (its writes stay in the build): the build's
  // `npm ci` then downloads nothing. A podman option of the tests'; the Dockerfile knows nothing
  // of it.
  const npmCache = await run("npm", ["config", "get", "cache"]);
  const building = Date.now();
  await podman([
    "build",
    "--pull=never",
    "--network",
    "host",
    ...(existsSync(npmCache) ? ["--volume", `${npmCache}:/root/.npm:O`] : []),
    ...secrets,
    "--build-arg",
    `NODE_IMAGE=${NODE_IMAGE}`,
    "-t",
    PORTAL_IMAGE,
    ".",
  ]);
  const buildSeconds = (Date.now() - building) / 1000;
  const [size, baseSize] = await Promise.all([imageSize(PORTAL_IMAGE), imageSize(NODE_IMAGE)]);
  return {
    image: PORTAL_IMAGE,
    standInsMade,
    standInSeconds,
    buildSeconds,
    size,
    addedToBase: size - baseSize,
  };
}

/**
 * What the image is built from, as one hash: every file of the tree at `dir` git does not ignore
 * (the image's `COPY . .` takes no more), by its path, size and time of change.
 */
export function treeIdentity(dir = ".") {
  const hash = createHash("sha256");
  const files = execFileSync("git", ["ls-files", "-cmo", "--exclude-standard", "-z"], {
    cwd: dir,
    encoding: "utf8",
  });
  for (const file of [...new Set(files.split("\0").filter(Boolean))].sort()) {
    const stats = statSync(join(dir, file), { throwIfNoEntry: false });
    hash.update(`${file}\0${stats?.size ?? "gone"}\0${stats?.mtimeMs ?? 0}\n`);
  }
  return hash.digest("hex");
}

/**
 * The image build `npm test` starts before its checks (scripts/start-image-build.ts), so that its
 * cold minutes pass beside typecheck, lint, the unit tests and the build: where it writes its
 * process, its outcome and its log.
 */
export const BACKGROUND_BUILD = {
  started: resolve(".data/containers/background-build.json"),
  result: resolve(".data/containers/background-build.result.json"),
  log: resolve(".data/containers/background-build.log"),
};

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The image of this run: the one the background build made, waited for (once: a later run of the
 * tests alone builds anew, from the tree as it is then), or else built here.
 */
export async function portalImageOfThisRun(): Promise<BuiltImage> {
  if (!existsSync(BACKGROUND_BUILD.started)) return buildPortalImage();
  const { pid, tree } = JSON.parse(readFileSync(BACKGROUND_BUILD.started, "utf8")) as {
    pid: number;
    tree?: string;
  };
  // A build left by a run that stopped early is of the tree as it was then: not this one's.
  if (tree !== treeIdentity()) {
    rmSync(BACKGROUND_BUILD.started, { force: true });
    rmSync(BACKGROUND_BUILD.result, { force: true });
    return buildPortalImage();
  }
  try {
    while (!existsSync(BACKGROUND_BUILD.result)) {
      if (!isRunning(pid) && !existsSync(BACKGROUND_BUILD.result))
        throw new Error(
          `The background image build ended without an outcome: ${BACKGROUND_BUILD.log}`,
        );
      await sleep(1000);
    }
    const outcome = JSON.parse(readFileSync(BACKGROUND_BUILD.result, "utf8")) as
      | { built: BuiltImage }
      | { error: string };
    if ("error" in outcome)
      throw new Error(
        `The background image build failed (${BACKGROUND_BUILD.log}):\n${outcome.error}`,
      );
    return outcome.built;
  } finally {
    rmSync(BACKGROUND_BUILD.started, { force: true });
    rmSync(BACKGROUND_BUILD.result, { force: true });
  }
}
