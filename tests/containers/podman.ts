import { spawn } from "node:child_process";
import { resolve } from "node:path";

/**
 * podman as the container tests run it: with the project's machines' settings
 * (tests/containers/containers.conf) and as a promise of what it printed. `PODMAN_PATH` names
 * another podman; `npm test` installs Debian's when it is missing (scripts/test-prerequisites.mjs).
 */

export const PODMAN = process.env.PODMAN_PATH || "podman";
export const PODMAN_COMPOSE = process.env.PODMAN_COMPOSE_PATH || "podman-compose";

export const podmanEnv = () => ({
  ...process.env,
  CONTAINERS_CONF: resolve("tests/containers/containers.conf"),
});

/** Runs a command to its end; resolves with its standard output, rejects with its last words. */
export function run(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<string>((done, fail) => {
    const child = spawn(command, args, {
      env: { ...podmanEnv(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.once("error", fail);
    child.once("close", (code) => {
      if (code === 0) done(output.trim());
      else
        fail(
          new Error(
            `${command} ${args.join(" ")} exited ${code}:\n${(errors || output).slice(-3000)}`,
          ),
        );
    });
  });
}

export const podman = (args: string[]) => run(PODMAN, args);

/** A label of an image, or null when there is no such image. */
export async function imageLabel(image: string, label: string) {
  try {
    const value = await podman([
      "image",
      "inspect",
      "--format",
      `{{ index .Config.Labels "${label}" }}`,
      image,
    ]);
    return value === "<no value>" ? "" : value;
  } catch {
    return null;
  }
}

export async function imageSize(image: string) {
  return Number(await podman(["image", "inspect", "--format", "{{.Size}}", image]));
}

/** The deployment scripts' wait for a state, shared by the container tests. */
export { waitUntil } from "../../deploy/cluster";
