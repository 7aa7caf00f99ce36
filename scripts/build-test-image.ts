// The container tests' image, built in the background while `npm test` runs its checks
// (scripts/start-image-build.ts); its outcome is what the tests' fixture waits for.
import { writeFileSync } from "node:fs";
import { BACKGROUND_BUILD, buildPortalImage } from "../tests/containers/portal-image";

try {
  const built = await buildPortalImage();
  writeFileSync(BACKGROUND_BUILD.result, JSON.stringify({ built }));
} catch (error) {
  writeFileSync(
    BACKGROUND_BUILD.result,
    JSON.stringify({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
  process.exitCode = 1;
}
