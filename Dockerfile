# The portal in production: the built app under the portal's own server (server/index.ts). The provider sandbox is not included;
# point PROVIDER_API_URL at the provider (and PROVIDER_TIME_ZONE at its zone). Needs SESSION_SECRET;
# sessions and wizard drafts live in SESSION_DIR (a volume) or in Redis (REDIS_URL, for replicas).

FROM node:22-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

# Everything needed to build: all dependencies.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build

# Only what runs: production dependencies and the build (translations are bundled into it).
FROM base AS runtime
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
RUN mkdir -p /app/.data/sessions && chown -R node:node /app/.data
USER node
ENV PORT=3000 SESSION_DIR=/app/.data/sessions
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthcheck').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "build/portal-server/index.js"]
