#!/usr/bin/env bash
# Starts the local PostgreSQL and Redis servers used by the tests when they are installed but down.
# Tests that need a server they cannot reach skip themselves with a message saying so.
set -u
if command -v pg_ctlcluster >/dev/null 2>&1 && ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  version=$(ls /etc/postgresql 2>/dev/null | head -n 1)
  [ -n "$version" ] && pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
fi
if command -v redis-server >/dev/null 2>&1 && ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
fi
exit 0
