# PostgreSQL from Debian's packages, for compose.yaml (no image registry needed: the same base
# image as the server's). Its data lives in the volume mounted at /var/lib/postgresql/data.
ARG BASE=tabletop-base:bookworm
FROM ${BASE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql \
 && rm -rf /var/lib/apt/lists/*
COPY docker/postgres-start.sh /usr/local/bin/postgres-start
ENV PGDATA=/var/lib/postgresql/data PGPORT=5432 POSTGRES_LISTEN=* POSTGRES_DB=tabletop POSTGRES_USER=tabletop
HEALTHCHECK --interval=5s --timeout=3s --retries=10 CMD pg_isready -h 127.0.0.1 -p "$PGPORT" -U "$POSTGRES_USER"
STOPSIGNAL SIGINT
ENTRYPOINT ["/bin/sh", "/usr/local/bin/postgres-start"]
