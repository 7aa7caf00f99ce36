# The portal in production: the built app under the portal's own server (server/index.ts) on Node 24
# (decisions 027, 035). The provider sandbox is not included: point PROVIDER_API_URL at the provider (and
# PROVIDER_TIME_ZONE at its zone). Needs SESSION_SECRET; sessions and wizard drafts live in
# SESSION_DIR (a volume) or in Redis (REDIS_URL, for replicas). Runs as uid 1000 and needs no
# writable path but /tmp (receipts on their way) and SESSION_DIR: run it with a read-only root.
#
#   podman build -t agency-portal .            (or docker build)
#
# Behind a TLS-intercepting proxy or with a private registry, pass what npm needs as build secrets,
# which no layer keeps:
#   --secret id=npmrc,src=$HOME/.npmrc         (registry address, credentials)
#   --secret id=ca,src=/path/to/company-ca.pem  (a CA that npm must trust besides Node's own)
# NODE_IMAGE names the base (a mirror of the official image, say).

ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim

# Everything needed to build: all dependencies, then only what the server loads (about 15 MB).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=npmrc --mount=type=secret,id=ca \
    if [ -f /run/secrets/npmrc ]; then export NPM_CONFIG_USERCONFIG=/run/secrets/npmrc; fi; \
    if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm ci --include=dev --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build && node scripts/runtime-files.mjs /runtime

# Only what runs: Node, the build and the traced files of its packages. No npm step, no secret.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=3000 SESSION_DIR=/app/.data/sessions
WORKDIR /app
COPY --from=build /runtime ./
RUN mkdir -p /app/.data/sessions && chown -R node:node /app/.data
USER node
EXPOSE 3000
# No HEALTHCHECK: OCI images drop it, and what checks health is the orchestrator's own probe of
# GET /healthcheck (HAProxy's check, Kubernetes' probes in deploy/kubernetes/).
CMD ["node", "build/portal-server/index.js"]
