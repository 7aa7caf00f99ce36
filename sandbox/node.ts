import { setupServer } from "msw/node";
import { FaultList } from "./faults";
import { createSandboxHandlers } from "./handlers";
import { SandboxStore } from "./store";

/** The sandbox in-process, for unit tests: the portal's fetches to SANDBOX_ORIGIN land here. */
export function setupSandbox() {
  const store = new SandboxStore();
  const faults = new FaultList();
  const server = setupServer(...createSandboxHandlers(store, { faults }));
  return { store, faults, server };
}
