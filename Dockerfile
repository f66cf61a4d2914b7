# syntax=docker/dockerfile:1
# Counterpart in one image: the server (default command) and the worker (`npm run worker`).
# Build: docker build -t counterpart .      Run: see deploy/compose.yaml and the README's "Deployment".
# scripts/build-image-steps.mjs runs this file's build steps without Docker (keep them plain shell).
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: the web app, then the production dependencies alone ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/domain/package.json packages/domain/
COPY packages/recon-engine/package.json packages/recon-engine/
COPY packages/statements/package.json packages/statements/
COPY packages/workflow-engine/package.json packages/workflow-engine/
RUN npm ci --no-audit --no-fund
COPY apps apps
COPY packages packages
COPY scripts scripts
RUN npm run build
RUN rm -rf node_modules apps/*/node_modules packages/*/node_modules && npm ci --omit=dev --no-audit --no-fund

# ---- runtime: Node, the PostgreSQL client tools (backups), the app; no compilers, not root ----
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.base.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/scripts ./scripts
USER node
VOLUME /data
EXPOSE 8080
# /readyz answers 200 when the process and its database answer (modules/health).
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
