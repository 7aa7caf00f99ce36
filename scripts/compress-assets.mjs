#!/usr/bin/env node
// After the build: every script, stylesheet and translation file of build/client/assets also as
// Brotli at its highest quality (`.br` beside it), which the portal's server sends to a browser that
// asks for it (server/index.ts); the others get gzip, made as they are sent. Quality 11 is too slow
// to compress on each request, and needs doing once: the files' names change with their content.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const ASSETS = "build/client/assets";
const COMPRESSED = /\.(js|css|json)$/;

let before = 0;
let after = 0;
for (const name of readdirSync(ASSETS).filter((file) => COMPRESSED.test(file))) {
  const file = readFileSync(join(ASSETS, name));
  const brotli = brotliCompressSync(file, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: file.length,
    },
  });
  writeFileSync(join(ASSETS, `${name}.br`), brotli);
  before += file.length;
  after += brotli.length;
}
console.log(
  `compress-assets: ${Math.round(before / 1024)} KB of scripts, styles and texts, ${Math.round(after / 1024)} KB as Brotli`,
);
