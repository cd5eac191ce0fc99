# shellcheck shell=bash
# The browser of the status page's end-to-end test (conformance/test/status-page.test.mjs): the
# distribution's Chromium, never a browser a test tool downloads. TETHER_CHROMIUM names another
# binary. When it is missing, root on Debian/Ubuntu installs the package `chromium` with apt-get;
# anywhere else this says which package to install and fails.
tether_chromium() {
  local browser=${TETHER_CHROMIUM:-/usr/bin/chromium}
  if [[ -x $browser ]]; then
    printf '%s\n' "$browser"
    return 0
  fi
  if [[ -z ${TETHER_CHROMIUM:-} && $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "chromium: $browser is missing; installing the Debian package chromium" >&2
    if { apt-get install -y -q --no-install-recommends chromium >&2 \
         || { apt-get update -q >&2 && apt-get install -y -q --no-install-recommends chromium >&2; }; } && [[ -x $browser ]]; then
      printf '%s\n' "$browser"
      return 0
    fi
  fi
  echo "chromium: the status page's browser test needs Chromium at $browser: install your distribution's" \
       "package chromium (Debian: apt-get install chromium) or set TETHER_CHROMIUM to a Chromium binary" >&2
  return 1
}
