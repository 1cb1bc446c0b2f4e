#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (apps/web/test) when it is missing.
# The tests drive /usr/bin/chromium with playwright-core; no browser is ever downloaded by npm.
set -u
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1 || echo "ensure-browser: could not install chromium"
  else
    echo "ensure-browser: /usr/bin/chromium is missing and this user cannot install it; browser tests will skip"
  fi
fi
exit 0
