import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { STATE_VERSION, type SandboxState } from "./model";
import { createSeedState } from "./seed";

/** Holds the sandbox state in memory and, when given a file, keeps it there across restarts. */
export class SandboxStore {
  state: SandboxState;
  /** Where uploaded files are kept: beside the data file, or a temporary folder without one. */
  readonly filesDir: string;
  /**
   * How many resets there have been: a change held back by a fault's latency across a reset is
   * an earlier test's, and must not land in the fresh state (faults.ts).
   */
  generation = 0;

  constructor(private readonly file?: string) {
    this.filesDir = file
      ? join(dirname(file), "sandbox-files")
      : join(tmpdir(), `sandbox-files-${process.pid}`);
    this.state = this.load();
  }

  private load(): SandboxState {
    if (this.file && existsSync(this.file)) {
      try {
        const saved = JSON.parse(readFileSync(this.file, "utf8")) as SandboxState;
        if (saved.version === STATE_VERSION) return saved;
        console.warn(
          `Sandbox data in ${this.file} is from an older version; starting from the seed.`,
        );
      } catch (error) {
        console.warn(
          `Sandbox data in ${this.file} is unreadable (${String(error)}); starting from the seed.`,
        );
      }
    }
    const seed = createSeedState();
    this.write(seed);
    return seed;
  }

  private write(state: SandboxState) {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    // Write then rename, so a crash never leaves half a file.
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, this.file);
  }

  save() {
    this.write(this.state);
  }

  reset() {
    this.generation += 1;
    this.state = createSeedState();
    rmSync(this.filesDir, { recursive: true, force: true });
    this.save();
  }

  nextId() {
    const id = this.state.nextId;
    this.state.nextId += 1;
    return id;
  }
}
