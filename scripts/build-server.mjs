// Builds the portal's HTTP server (server/index.ts) into build/portal-server/index.js, beside the
// Remix build it loads; its packages stay imports from node_modules.
import { build } from "vite";

await build({
  configFile: false,
  logLevel: "warn",
  publicDir: false,
  build: {
    ssr: "server/index.ts",
    outDir: "build/portal-server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    rollupOptions: { output: { format: "esm" } },
  },
});
