import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll } from "vitest";
// Unit tests talk to the in-process sandbox; the portal's env module reads these at import.
process.env.PROVIDER_API_URL ??= "http://localhost";
// A session folder per test file: files run side by side, and each removes its own when it ends
// (two that shared one deleted each other's sessions mid-test).
const sessionDir = `.data/test-sessions/${randomUUID()}`;
process.env.SESSION_DIR = sessionDir;
afterAll(() => rmSync(sessionDir, { recursive: true, force: true }));
// Short, so the timeout test does not wait long.
process.env.PROVIDER_TIMEOUT_MS ??= "300";
process.env.SUPPORT_PHONE ??= "+98 21 0000 1111";
