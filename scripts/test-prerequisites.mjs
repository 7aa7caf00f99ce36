#!/usr/bin/env node
// Before any test runs: the programs the tests start besides Node. Chromium (Playwright drives
// Debian's headless shell, decision 020; it cannot download its own here), Firefox ESR (over
// WebDriver BiDi) and WebKit (WebKitGTK's WebDriver on Xvfb, over HTTPS with a certificate openssl
// makes), the journeys in two more engines (issue 29), redis-server (the Redis
// session tests and the cluster behind the proxy start their own) and HAProxy (the tests through
// the proxy, decision 022), Prometheus and promtool (the metrics, decision 030), podman and its helpers (the container tests, decision 027). Missing ones are installed when the machine can, or the run stops at
// once, before typecheck spends a minute on a run that cannot pass (scripts/prerequisites.mjs).
import { PROGRAMS, requirePrograms } from "./prerequisites.mjs";

requirePrograms([
  { program: PROGRAMS.chromium, purpose: "the browser tests" },
  { program: PROGRAMS.firefox, purpose: "the browser tests in Firefox ESR" },
  { program: PROGRAMS.webkitDriver, purpose: "the journeys in WebKit" },
  { program: PROGRAMS.xvfb, purpose: "the journeys in WebKit" },
  { program: PROGRAMS.openssl, purpose: "the HTTPS of the WebKit journeys" },
  { program: PROGRAMS.redis, purpose: "the Redis session tests" },
  { program: PROGRAMS.postgres, purpose: "the portal's own store" },
  { program: PROGRAMS.haproxy, purpose: "the tests through the proxy" },
  { program: PROGRAMS.promtool, purpose: "the alert rules' tests" },
  { program: PROGRAMS.prometheus, purpose: "the metrics scraped from the cluster" },
  { program: PROGRAMS.podman, purpose: "the container tests" },
  { program: PROGRAMS.runc, purpose: "the container tests" },
  { program: PROGRAMS.catatonit, purpose: "the Kubernetes test (podman kube play)" },
  { program: PROGRAMS.dnsname, purpose: "the compose test (services by name)" },
  { program: PROGRAMS.mmdebstrap, purpose: "the container tests' stand-in base images" },
  { program: PROGRAMS.podmanCompose, purpose: "the compose test" },
]);
