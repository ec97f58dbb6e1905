#!/usr/bin/env bash
# Starts PostgreSQL and Redis on this machine when they are not answering (CI and fresh boxes).
set -u
pg_up() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

if ! pg_up && command -v pg_ctlcluster >/dev/null; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
fi
if ! redis_up && command -v redis-server >/dev/null; then
  echo "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
  for _ in $(seq 1 30); do redis_up && break; sleep 1; done
fi
pg_up || { echo "PostgreSQL is not reachable at 127.0.0.1:5432" >&2; exit 1; }
redis_up || { echo "Redis is not reachable at 127.0.0.1:6379" >&2; exit 1; }
