#!/bin/sh
# Start PostgreSQL on the volume; the first time, make the cluster, the user and the database
# (password from POSTGRES_PASSWORD, which must be set). Runs the server as the postgres user.
set -eu
: "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
bin=$(ls -d /usr/lib/postgresql/*/bin | tail -n 1)
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pw=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pw"
  chown postgres "$pw"
  runuser -u postgres -- "$bin/initdb" -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pw" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pw"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  runuser -u postgres -- "$bin/pg_ctl" -D "$PGDATA" -o "-p $PGPORT -c listen_addresses=''" -w start >/dev/null
  runuser -u postgres -- "$bin/createdb" -p "$PGPORT" -U "$POSTGRES_USER" "$POSTGRES_DB"
  runuser -u postgres -- "$bin/pg_ctl" -D "$PGDATA" -w stop >/dev/null
  echo "postgres-start: made the cluster and the database $POSTGRES_DB"
fi
exec runuser -u postgres -- "$bin/postgres" -D "$PGDATA" -p "$PGPORT" -c "listen_addresses=$POSTGRES_LISTEN"
