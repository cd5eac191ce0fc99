# shellcheck shell=bash
# `npm ci` in conformance/ when node_modules is missing or older than the lock file.
tether_npm_ci() {
  local dir=$1
  if [[ ! -d $dir/node_modules || $dir/package-lock.json -nt $dir/node_modules ]]; then
    echo "npm ci in $dir" >&2
    (cd "$dir" && npm ci --no-audit --no-fund) || return 1
    touch "$dir/node_modules"
  fi
}
