// The programs the project starts besides Node, for `npm test` (scripts/test-prerequisites.mjs)
// and `npm run cluster`. Present: nothing to do. Missing on a machine that can install them (root
// with apt-get, as the project's machines and CI): installed from Debian's packages, one line
// each. Missing otherwise: one message naming the command, and a non-zero exit at once.
import { spawnSync } from "node:child_process";
import { accessSync, constants, readdirSync } from "node:fs";

/** Debian's PostgreSQL programs are not on the PATH: the newest version's folder, looked up when asked. */
function postgresProgram(name) {
  if (process.env.POSTGRES_BIN_DIR) return `${process.env.POSTGRES_BIN_DIR}/${name}`;
  try {
    const versions = readdirSync("/usr/lib/postgresql").filter((v) => /^\d+$/.test(v));
    const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
    if (newest) return `/usr/lib/postgresql/${newest}/bin/${name}`;
  } catch {
    // Not installed: below.
  }
  return name;
}

/** Each program: where it is looked for (its variable names another), its Debian package. */
export const PROGRAMS = {
  chromium: {
    path: process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell",
    variable: "CHROMIUM_PATH",
    debianPackage: "chromium-headless-shell",
    versionArgs: ["--version"],
  },
  firefox: {
    path: process.env.FIREFOX_PATH || "/usr/bin/firefox-esr",
    variable: "FIREFOX_PATH",
    debianPackage: "firefox-esr",
    versionArgs: ["--version"],
  },
  // WebKit's WebDriver; MiniBrowser, the browser it starts, comes with it (libwebkit2gtk-4.1-0).
  webkitDriver: {
    path: process.env.WEBKIT_DRIVER_PATH || "WebKitWebDriver",
    variable: "WEBKIT_DRIVER_PATH",
    debianPackage: "webkit2gtk-driver",
    versionArgs: ["--help"],
  },
  // The X display WebKit's browser window opens on, in memory.
  xvfb: {
    path: process.env.XVFB_PATH || "Xvfb",
    variable: "XVFB_PATH",
    debianPackage: "xvfb",
    versionArgs: ["-help"],
  },
  // Makes the certificate of the HTTPS tests.
  openssl: {
    path: process.env.OPENSSL_PATH || "openssl",
    variable: "OPENSSL_PATH",
    debianPackage: "openssl",
    versionArgs: ["version"],
  },
  redis: {
    path: process.env.REDIS_SERVER_PATH || "redis-server",
    variable: "REDIS_SERVER_PATH",
    debianPackage: "redis-server",
    versionArgs: ["--version"],
  },
  haproxy: {
    path: process.env.HAPROXY_PATH || "haproxy",
    variable: "HAPROXY_PATH",
    debianPackage: "haproxy",
    versionArgs: ["-v"],
  },
  // The metrics (decision 030): promtool tests the alert rules, Prometheus scrapes the cluster.
  prometheus: {
    path: process.env.PROMETHEUS_PATH || "prometheus",
    variable: "PROMETHEUS_PATH",
    debianPackage: "prometheus",
    versionArgs: ["--version"],
  },
  promtool: {
    path: process.env.PROMTOOL_PATH || "promtool",
    variable: "PROMTOOL_PATH",
    debianPackage: "prometheus",
    versionArgs: ["--version"],
  },
  // The portal's own store (decision 043): a throwaway server per test worker.
  postgres: {
    get path() {
      return postgresProgram("postgres");
    },
    variable: "POSTGRES_BIN_DIR",
    debianPackage: "postgresql",
    versionArgs: ["--version"],
  },
  // The container tests (decision 027): podman builds and runs the image, with runc (crun refuses
  // these machines' cgroups), catatonit (a pod's pause process in `podman kube play`) and CNI's
  // dnsname plugin (compose services find each other by name); mmdebstrap makes the stand-ins for
  // the official images no registry serves here.
  podman: {
    path: process.env.PODMAN_PATH || "podman",
    variable: "PODMAN_PATH",
    debianPackage: "podman",
    versionArgs: ["--version"],
  },
  runc: { path: "runc", variable: "PATH", debianPackage: "runc", versionArgs: ["--version"] },
  catatonit: {
    path: "catatonit",
    variable: "PATH",
    debianPackage: "catatonit",
    versionArgs: ["--version"],
  },
  dnsname: {
    path: "/usr/lib/cni/dnsname",
    variable: "PATH",
    debianPackage: "golang-github-containernetworking-plugin-dnsname",
    versionArgs: ["--version"],
  },
  mmdebstrap: {
    path: "mmdebstrap",
    variable: "PATH",
    debianPackage: "mmdebstrap",
    versionArgs: ["--version"],
  },
  podmanCompose: {
    path: process.env.PODMAN_COMPOSE_PATH || "podman-compose",
    variable: "PODMAN_COMPOSE_PATH",
    debianPackage: "podman-compose",
    versionArgs: ["--version"],
  },
};

/** Does the program exist and start here? */
function starts(program) {
  return spawnSync(program.path, program.versionArgs, { stdio: "ignore" }).status === 0;
}

function canRunApt() {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return false;
  try {
    accessSync("/usr/bin/apt-get", constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure every program named is there, installing what is missing when this machine can;
 * otherwise exits with one message. `needs` pairs a program with what it is for.
 */
export function requirePrograms(needs) {
  const missing = needs.filter(({ program }) => !starts(program));
  if (missing.length === 0) return;
  const packages = missing.map(({ program }) => program.debianPackage);

  if (!canRunApt()) {
    console.error(
      [
        `Cannot go on: ${missing.map(({ program, purpose }) => `${program.path} (${purpose})`).join(" and ")} not found.`,
        `Install with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages.join(" ")}`,
        `Or point at programs you have: ${missing.map(({ program }) => `${program.variable}=/path/to/${program.debianPackage}`).join(", ")}.`,
      ].join("\n"),
    );
    process.exit(1);
  }

  const apt = (args) =>
    spawnSync("apt-get", args, {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;

  for (const { program, purpose } of missing)
    console.log(`Installing ${program.debianPackage} for ${purpose} (apt-get)…`);
  const installed =
    apt(["update", "-qq"]) &&
    apt(["install", "-y", "-qq", "--no-install-recommends", ...packages]) &&
    missing.every(({ program }) => starts(program));
  if (!installed) {
    console.error(
      `Installing ${packages.join(" and ")} failed (above). Install them, or set ${missing.map(({ program }) => program.variable).join(" / ")}, and run again.`,
    );
    process.exit(1);
  }
}
