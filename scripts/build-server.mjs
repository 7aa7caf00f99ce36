// Builds the portal's HTTP server (server/index.ts) into build/portal-server/index.js, beside the
// Remix build it loads, and the store's migrations command (server/migrate.ts) into migrate.js;
// their packages stay imports from node_modules.
import { build } from "vite";

await build({
  configFile: false,
  logLevel: "warn",
  publicDir: false,
  build: {
    ssr: true,
    outDir: "build/portal-server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    rollupOptions: {
      input: { index: "server/index.ts", migrate: "server/migrate.ts" },
      output: { format: "esm" },
    },
  },
});
