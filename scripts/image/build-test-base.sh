#!/usr/bin/env bash
# Builds the image test's base: Debian bookworm (mmdebstrap, minbase) with the workspace's pinned
# Node (the `node` npm package's binary) and npm in /usr/local, as the official node slim image
# lays them out, committed to buildah's local storage as $1. These machines reach Debian's packages
# and npm but no image registry, so the official image cannot be pulled.
# Usage: build-test-base.sh IMAGE_NAME NODE_BINARY NPM_VERSION
set -euo pipefail
image=$1 node_binary=$2 npm_version=$3
work=$(mktemp -d /var/tmp/switchboard-base.XXXXXX)
trap 'rm -rf "$work"' EXIT

# npm, as the registry ships it (from npm's cache when it is there).
npm pack --silent --pack-destination "$work" "npm@$npm_version" >/dev/null
mkdir -p "$work/npm"
tar -xzf "$work"/npm-*.tgz -C "$work/npm" --strip-components=1

mmdebstrap --quiet --mode=root --variant=minbase \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
  --customize-hook="install -D -m 0755 '$node_binary' \"\$1/usr/local/bin/node\"" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\" && cp -a '$work/npm' \"\$1/usr/local/lib/node_modules/npm\"" \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"' \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
  --customize-hook='rm -rf "$1/var/lib/apt/lists/"* "$1/var/cache/apt/"*' \
  bookworm "$work/rootfs.tar"

container=$(buildah from scratch)
buildah add --quiet "$container" "$work/rootfs.tar" / >/dev/null
buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --cmd node --label org.opencontainers.image.description="Debian bookworm with Node $("$node_binary" --version) (switchboard image test base)" \
  "$container"
buildah commit --quiet --rm "$container" "$image" >/dev/null
echo "built $image"
