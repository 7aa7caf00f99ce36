// A provider made from the contract document alone: Prism answers each call with the document's
// examples and refuses a request the document does not allow (400, logged as a request violation),
// so a provider's team sees the portal answer to what their schema promises before they write a
// line. Not `--errors`: Prism checks an answer against the first model of a path (it ignores the
// media type's domain-model), so its answer warnings on shared paths are noise; the contract's
// unit test checks each answer against its own model.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Prism's command-line entry, run with this Node (not through npx, so signals reach it). */
export const PRISM = require.resolve("@stoplight/prism-cli/dist/index.js");

export const CONTRACT = "docs/provider-api.openapi.json";

/** `prism mock` of the contract on 127.0.0.1:`port`, answering the examples (never made-up data). */
export function prismArguments(port) {
  return ["mock", CONTRACT, "--host", "127.0.0.1", "--port", String(port)];
}
