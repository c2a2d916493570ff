# syntax=docker/dockerfile:1
# The store server's image (docs/operations.md, "Image"; decision 0033): built from this folder
# with `docker build -t store-platform .`. Two stages: the build (every dependency, `npm run build`)
# and the runtime (production dependencies only, the build, the sources the commands run).

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: the same install and build as the tested one ---------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall applies patches/ (patch-package) to node_modules
COPY patches ./patches
# A build behind a TLS-inspecting proxy passes its CA: `--secret id=ca,src=/etc/ssl/certs/ca-certificates.crt`
# (the file exists during this step only, never in a layer; without the secret Node warns once and
# uses its own CAs). npm's cache is kept between builds, outside the image.
RUN --mount=type=secret,id=ca --mount=type=cache,target=/root/.npm \
    NODE_EXTRA_CA_CERTS=/run/secrets/ca npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime ------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
# The production install runs the same postinstall: the server refuses to start on an unpatched Vike.
RUN --mount=type=secret,id=ca --mount=type=cache,target=/root/.npm \
    NODE_EXTRA_CA_CERTS=/run/secrets/ca npm ci --omit=dev --no-audit --no-fund
# The sources (migrations, demo stores, the provider's assets, and `npm run migrate`, `store`,
# `billing`, which run them), then the build of the first stage.
COPY . .
COPY --from=build /app/dist ./dist
# The data folder: the embedded database and the sandbox provider's state; owned by the
# unprivileged `node` user (uid 1000) of the base image, which runs the server.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
# 3000: the stores; 3001: the sandbox payment provider; 3002-3005: the local identity providers.
EXPOSE 3000 3001 3002 3003 3004 3005
# Ready: the database answers and the process is not shutting down (docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/app/main.js"]
