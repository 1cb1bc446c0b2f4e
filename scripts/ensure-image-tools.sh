#!/usr/bin/env bash
# Installs Debian's buildah and mmdebstrap for the image test (npm run test:image) when they are
# missing. Without them (not root, no apt) the test says so and skips.
set -u
if { ! command -v buildah >/dev/null 2>&1 || ! command -v mmdebstrap >/dev/null 2>&1; } && command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq buildah mmdebstrap >/dev/null 2>&1 \
      || echo "ensure-image-tools: could not install buildah and mmdebstrap"
  else
    echo "ensure-image-tools: buildah or mmdebstrap is missing and this user cannot install them; the image test will skip"
  fi
fi
exit 0
