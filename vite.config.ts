import { vitePlugin as remix } from "@remix-run/dev";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** The libraries under every hydrated page: React, Remix and its router, react-i18next. */
const FRAMEWORK_PACKAGE =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream|react-i18next)\//;

/**
 * Small pieces nearly every page shows (buttons, icons, cards, the layout, number formats): each its
 * own chunk of a few hundred bytes, they cost a page more in files than in code.
 */
const NEARLY_EVERY_PAGE =
  /\/app\/components\/(ui\/(button|card|icon|inline-values|apart|star-rating)|layout\/language-switch|wizard\/new-request-link|prefetch-routes)\.tsx|\/app\/utils\/(format\/numbers|requests\/notes-poll)\.ts|\/remix-utils\/build\/react\/use-hydrated/;

/**
 * Whether the root route imports a module statically, directly or not: then every page loads it
 * anyway. Walks the importers Rollup knows when it assigns chunks.
 */
function importedByRoot(
  id: string,
  getModuleInfo: (id: string) => { importers: readonly string[] } | null,
  seen = new Set<string>(),
): boolean {
  return (getModuleInfo(id)?.importers ?? []).some((importer) => {
    if (importer.endsWith("/app/root.tsx")) return true;
    if (seen.has(importer)) return false;
    seen.add(importer);
    return importedByRoot(importer, getModuleInfo, seen);
  });
}

/** V8's explicit compile hint (Chrome 136+); other engines read a comment (decision 039). */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
/**
 * Chunks smaller than this (minified) go without: their functions compile in little time, and the
 * hint's few bytes on every one would take a page with a validated form over its 150 KB.
 */
const COMPILE_HINT_MIN_BYTES = 8 * 1024;

/**
 * A large browser chunk starts with the compile hint: Chromium then compiles all of its functions
 * on a background thread while the slow line brings it in, instead of each one on the main thread
 * the first time hydration calls it. Added once the chunks are minified (the minifier drops
 * comments); a source map, when one is built, starts a line later to match.
 */
function compileHints(): Plugin {
  return {
    name: "portal:compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk" || file.code.length < COMPILE_HINT_MIN_BYTES) continue;
        file.code = COMPILE_HINT + file.code;
        if (file.map) file.map.mappings = `;${file.map.mappings}`;
        const map = bundle[`${file.fileName}.map`];
        if (map?.type === "asset" && typeof map.source === "string") {
          const json = JSON.parse(map.source) as { mappings: string };
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
        }
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Vitest runs plain modules; the Remix plugin would try to build the app.
    !process.env.VITEST &&
      remix({
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
          v3_routeConfig: true,
          unstable_optimizeDeps: true,
        },
      }),
    tsconfigPaths(),
    !isSsrBuild && compileHints(),
  ],
  build: {
    // A translation file stays a file of its own, cached once for every page (decision 033).
    assetsInlineLimit: (file: string) => (file.includes("/locales/") ? false : undefined),
    rollupOptions: {
      output: isSsrBuild
        ? {}
        : {
            // What every page loads goes in one chunk (decision 017): Rollup's own split sent
            // 19 to 28 modules to each page, a dozen of them under 1 KB, and on a slow line
            // over HTTP/1.1 each handful costs a round trip before the page is enhanced.
            manualChunks(id, { getModuleInfo }) {
              const everyPage =
                FRAMEWORK_PACKAGE.test(id) ||
                NEARLY_EVERY_PAGE.test(id) ||
                id.includes("vite/preload-helper") ||
                importedByRoot(id, getModuleInfo);
              return everyPage ? "framework" : undefined;
            },
          },
    },
  },
  server: { port: Number(process.env.PORT ?? 3000) },
  test: {
    environment: "node",
    include: [
      "app/**/*.test.{ts,tsx}",
      "tests/**/*.test.ts",
      "sandbox/**/*.test.ts",
      "scripts/**/*.test.ts",
      "deploy/**/*.test.ts",
    ],
    setupFiles: ["./tests/setup/unit.ts"],
  },
}));
