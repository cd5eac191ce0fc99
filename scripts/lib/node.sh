# shellcheck shell=bash
# Node discovery. Source it, then call `tether_find_node DIR` with the conformance folder: it
# prints the path of a `node` >= 22 (the MCP conformance runner needs 22) and returns 0, or
# prints what is missing on stderr and returns 1.
#
# Order: the `node` on PATH when it is new enough; else the Node that `npm ci` put into
# DIR/node_modules/node-<os>-<cpu> (optional dependencies, so npm installs only the one that
# fits this machine).

TETHER_MIN_NODE=22

tether_node_major() {
  local version
  version=$("$1" --version 2>/dev/null) || return 1
  version=${version#v}
  printf '%s\n' "${version%%.*}"
}

tether_find_node() {
  local dir=$1 candidate major os cpu
  if candidate=$(command -v node 2>/dev/null); then
    major=$(tether_node_major "$candidate") || major=0
    if (( major >= TETHER_MIN_NODE )); then
      printf '%s\n' "$candidate"
      return 0
    fi
  fi
  case $(uname -s) in Linux) os=linux ;; Darwin) os=darwin ;; *) os=unknown ;; esac
  case $(uname -m) in x86_64|amd64) cpu=x64 ;; aarch64|arm64) cpu=arm64 ;; *) cpu=unknown ;; esac
  candidate=$dir/node_modules/node-$os-$cpu/bin/node
  if [[ -x $candidate ]] && major=$(tether_node_major "$candidate") && (( major >= TETHER_MIN_NODE )); then
    printf '%s\n' "$candidate"
    return 0
  fi
  echo "tether: the tests need Node.js ${TETHER_MIN_NODE} or newer: the node on PATH is $(node --version 2>/dev/null || echo missing)," \
    "and npm ci in $dir brought none for $os-$cpu (the package node-$os-$cpu); install Node ${TETHER_MIN_NODE}+ and retry" >&2
  return 1
}
