#!/usr/bin/env node
// Copies into a folder exactly what the production server runs: the build, and of node_modules
// only the files the built server and the Remix build can load, as traced by @vercel/nft (the
// file tracer Vercel and Next.js use for the same purpose). The Dockerfile's last stage is this
// folder on a Node image: about 10 MB of packages instead of the 138 MB that
// `npm ci --omit=dev` installs (types, source maps, both module formats, TypeScript as a peer).
//
// Usage: node scripts/runtime-files.mjs <target folder>   (after `npm run build`)
import { cpSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { nodeFileTrace } from "@vercel/nft";
import { MIGRATE_COMMAND, PORTAL_SERVER, REMIX_SERVER_BUILD } from "./portal-build.mjs";

const target = process.argv[2];
if (!target) {
  console.error("Usage: node scripts/runtime-files.mjs <target folder>");
  process.exit(2);
}
const root = process.cwd();

// The server loads the Remix build by a path it computes, which a tracer cannot follow: both are
// entry points. Vite is loaded only by `npm run dev`.
const { fileList, warnings } = await nodeFileTrace(
  [PORTAL_SERVER, REMIX_SERVER_BUILD, MIGRATE_COMMAND].map((file) => resolve(root, file)),
  { base: root, ignore: (path) => path.startsWith("node_modules/vite/") },
);
const unresolved = [...warnings].filter(
  (warning) => !String(warning.message).includes(REMIX_SERVER_BUILD.replace(/\.js$/, "")),
);
for (const warning of unresolved) console.warn(`runtime-files: ${warning.message}`);

rmSync(target, { recursive: true, force: true });
const packages = [...fileList].filter((file) => file.startsWith("node_modules/"));
for (const file of packages) {
  if (!statSync(join(root, file)).isFile()) continue;
  mkdirSync(dirname(join(target, file)), { recursive: true });
  cpSync(join(root, file), join(target, file));
}
// The whole build (the browser's assets are served from it) and package.json ("type": "module").
cpSync(join(root, "build"), join(target, "build"), { recursive: true });
cpSync(join(root, "package.json"), join(target, "package.json"));
// The store's migrations, which `node build/portal-server/migrate.js` applies (decision 043).
cpSync(join(root, "db/migrations"), join(target, "db/migrations"), { recursive: true });
console.log(`runtime-files: ${packages.length} files of node_modules and the build in ${target}`);
