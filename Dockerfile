# The Encuestas server and its web app in one image (README, "Container").
#
#   docker build -t encuestas .            # or: podman build -t encuestas .
#
# BASE_IMAGE is any Debian-based image with Node 20.19+ and npm; the test
# (`npm run test:container`) passes one it builds locally, since no registry
# is reachable where it runs.
ARG BASE_IMAGE=docker.io/library/node:20-bookworm-slim

# ---- build: every dependency, then the web app's production build and the
# server compiled to JavaScript (scripts/server-build.mjs): no TypeScript at start
FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/core/package.json packages/core/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --no-audit --no-fund
COPY scripts scripts
COPY packages/core packages/core
COPY packages/server packages/server
COPY packages/web packages/web
RUN NODE_ENV=production npm run build

# ---- runtime dependencies: the server's and core's only (the web app ships as files)
FROM ${BASE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --omit=dev --no-audit --no-fund --workspace=@encuestas/server --workspace=@encuestas/core \
 && npm cache clean --force

# ---- the image
FROM ${BASE_IMAGE}
# A system account of its own: the server never runs as root. The data and
# key folders are separate (a copy of the data must not carry the key of
# held answers: docs/privacy.md) and are the only writable places.
RUN groupadd --system encuestas \
 && useradd --system --gid encuestas --home-dir /var/lib/encuestas --no-create-home --shell /usr/sbin/nologin encuestas \
 && mkdir -p /var/lib/encuestas/data /var/lib/encuestas/keys \
 && chown -R encuestas:encuestas /var/lib/encuestas \
 && chmod 700 /var/lib/encuestas/keys
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/server/package.json packages/server/
COPY packages/server/drizzle packages/server/drizzle
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/web/dist packages/web/dist
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/encuestas/data \
    KEYS_DIR=/var/lib/encuestas/keys
USER encuestas
EXPOSE 8080
VOLUME ["/var/lib/encuestas/data", "/var/lib/encuestas/keys"]
# Operator commands: `node packages/server/dist/cli.mjs <command>` (README, "Operator commands").
CMD ["node", "--enable-source-maps", "packages/server/dist/main.mjs"]
