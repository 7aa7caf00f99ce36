import { spawn } from "node:child_process";
import { PODMAN, podman, podmanEnv } from "./podman";

/**
 * The portal's image run as the README says to run it: a read-only root filesystem, `/tmp` in
 * memory (receipts on their way), a volume for sessions, the configuration in the environment.
 * On the machine's network, so it reaches the tests' sandbox on loopback and takes a port of its
 * own (PORT=0), which it names in its first line. `podman run` stays attached: it exits with the
 * container's exit code.
 */
export async function runPortalContainer({
  image,
  name,
  env,
}: {
  image: string;
  name: string;
  env: Record<string, string>;
}) {
  const volume = `${name}-sessions`;
  await podman(["rm", "--force", "--ignore", name]);
  await podman(["volume", "rm", "--force", volume]).catch(() => {});
  const child = spawn(
    PODMAN,
    [
      ...["run", "--rm", "--name", name, "--network", "host"],
      ...["--read-only", "--tmpfs", "/tmp", "-v", `${volume}:/app/.data/sessions`],
      ...Object.entries({ PORT: "0", METRICS_PORT: "0", ...env }).flatMap(([key, value]) => [
        "-e",
        `${key}=${value}`,
      ]),
      image,
    ],
    { env: podmanEnv(), stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const port = await new Promise<number>((done, fail) => {
    const listen = () => {
      const heard = /Portal listening on http:\/\/[^\s:]+:(\d+)/.exec(output)?.[1];
      if (heard) done(Number(heard));
    };
    child.stdout.on("data", listen);
    void exited.then((code) =>
      fail(new Error(`The container exited (${code}) before listening:\n${output.slice(-2000)}`)),
    );
  });
  return {
    url: `http://localhost:${port}`,
    output: () => output,
    exited,
    /** What runs as the container's first process: its user and its Node. */
    inside: (command: string[]) => podman(["exec", name, ...command]),
    /** SIGTERM, as an orchestrator stops it (podman stop, with time to drain). */
    stop: () => podman(["stop", "--time", "30", name]),
    async remove() {
      await podman(["rm", "--force", "--ignore", name]);
      await exited;
      await podman(["volume", "rm", "--force", volume]).catch(() => {});
    },
  };
}
