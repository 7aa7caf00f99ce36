import { join, resolve } from "node:path";
import type { Browser } from "@playwright/test";
import { portalImageOfThisRun, type BuiltImage } from "../containers/portal-image";
import { podman } from "../containers/podman";
import { Portal, Sandbox, test as base } from "./fixtures";
import { startSandbox } from "./servers";

/**
 * What the container tests share (container.spec.ts, topology.spec.ts; decision 027): the image
 * built from the working tree, once per worker (podman's layer cache makes a second build of an
 * unchanged tree quick), and a sandbox the containers reach on podman's networks.
 */

type ContainerFixtures = { portalImage: BuiltImage; reachableSandbox: Sandbox };

export const test = base.extend<object, ContainerFixtures>({
  portalImage: [
    async ({}, use) => {
      const built = await portalImageOfThisRun();
      console.log(
        `containers: stand-ins ${built.standInSeconds.toFixed(0)} s (made: ${built.standInsMade.join(", ") || "none"}), ` +
          `image built in ${built.buildSeconds.toFixed(0)} s, ${(built.size / 1e6).toFixed(0)} MB, ` +
          `${(built.addedToBase / 1e6).toFixed(1)} MB over its Node base`,
      );
      await use(built);
    },
    // Cold, on a machine that has never built it: the stand-ins (about 50 s) and the image (about
    // 70 s, npm ci from the registry); warm, a few seconds to 40 s. Under `npm test` it was
    // started before the checks, and this waits for what is left of it.
    { scope: "worker", timeout: 900_000 },
  ],
  reachableSandbox: [
    async ({}, use, workerInfo) => {
      const dir = resolve(`.data/e2e/worker-${workerInfo.parallelIndex}`);
      const sandbox = await startSandbox(join(dir, "sandbox-for-containers.json"), "0.0.0.0");
      await use(new Sandbox(sandbox.url));
      await sandbox.kill();
    },
    { scope: "worker" },
  ],
});

// One worker, in order: they share the image and its sandbox.

/** The sandbox's address as a container on one of podman's networks reaches it. */
export const fromContainers = (sandbox: Sandbox) =>
  sandbox.url.replace("127.0.0.1", "host.containers.internal");

/** A container's address on its podman network (a pod's is its infra container's). */
export const addressOf = (container: string) =>
  podman([
    "inspect",
    "--format",
    "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}",
    container,
  ]);

export async function clerkAt(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url, locale: "en-GB" });
  return new Portal(await context.newPage(), true);
}
