# intentdesk: one stateless HTTP replica (MCP at POST /mcp, REST at /api, /health, /ready).
# Build: docker build -t intentdesk .   Run several behind a load balancer: see docker-compose.yml.

FROM node:20-slim AS build
WORKDIR /app
# better-sqlite3 is native: its prebuilt binary is fetched at install, or compiled with these.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ormconfig.ts ./
COPY src ./src
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev

FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Only for the single-process SQLite default (DATABASE_URL unset); replicas use MySQL/MariaDB.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
# Liveness only: /ready (database reachable) is for the load balancer or orchestrator.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# --min-semi-space-size=8 --max-semi-space-size=8 --heap-growing-percent=50 --no-parallel-scavenge: see "Memory" in docs/deployment.md (the flags of `npm start`).
# SIGTERM: stop accepting, finish in-flight requests (SHUTDOWN_GRACE_MS), flush the audit log, exit 0.
STOPSIGNAL SIGTERM
CMD ["node", "--min-semi-space-size=8", "--max-semi-space-size=8", "--heap-growing-percent=50", "--no-parallel-scavenge", "dist/src/main.js"]
