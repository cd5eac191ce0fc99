# shellcheck shell=sh disable=SC2034 # TETHER_JVM_ARGS and TETHER_MAIN are for the scripts that source it
# Shared Java discovery for the launcher (bin/tether, POSIX sh) and the build scripts (bash). Set
# tether_root to the folder that holds bin/ before sourcing it (in the source tree, the
# repository; in a package, the unpacked folder), then call `tether_find_java` (prints the path of
# a `java` >= 21 and returns 0, or says on stderr what to install and returns 1) or
# `tether_java_home` (the matching JAVA_HOME).
#
# POSIX sh, and read by every start of the launcher: no `local` (the helpers' variables start with
# _tj_), and no process where a builtin does (a JDK's version comes from its `release` file,
# read with `read`; asking a JVM costs ~50 ms per candidate).

TETHER_MIN_JAVA=21

# The JVM options of every Tether run live in one JDK argument file beside the launcher,
# bin/jvm.args, which the java launcher reads itself (`java "@$TETHER_JVM_ARGS" ...`: no process,
# and the POSIX sh and Windows launchers pass the same file). The start-up cache is recorded with
# them too (scripts/lib/train-cache), since a cache only serves runs whose options fit it.
TETHER_JVM_ARGS=${tether_root:?set tether_root before sourcing java.sh}/bin/jvm.args
# The jar runs from the class path with its main class named, not with -jar: -jar opens the jar
# at every start to read its manifest, while with the start-up cache no class needs the jar
# before the initialize answer (about 5 ms). The manifest's Enable-Native-Access (the
# hardening's prctl call) is then an option in bin/jvm.args.
TETHER_MAIN=dev.tether.cli.Main

# Prints the file a path names once every symbolic link on the way is followed (readlink runs
# only for a link; a relative target is taken from the link's folder).
tether_resolve() {
  _tj_path=$1
  while [ -L "$_tj_path" ]; do
    _tj_target=$(readlink "$_tj_path") || break
    case $_tj_target in
      /*) _tj_path=$_tj_target ;;
      *) _tj_path=${_tj_path%/*}/$_tj_target ;;
    esac
  done
  printf '%s\n' "$_tj_path"
}

# Prints JAVA_VERSION from a JDK's release file (25.0.3, 21, 1.8.0_402), or returns 1.
tether_release_version() {
  [ -f "$1/release" ] || return 1
  while IFS= read -r _tj_line || [ -n "$_tj_line" ]; do
    case $_tj_line in
      JAVA_VERSION=*)
        _tj_line=${_tj_line#JAVA_VERSION=}
        _tj_line=${_tj_line#\"}
        printf '%s\n' "${_tj_line%\"}"
        return 0
        ;;
    esac
  done <"$1/release"
  return 1
}

# Prints the feature version (17, 21, 25, ...) of the given java binary, or returns 1.
tether_java_feature() {
  [ -x "$1" ] || return 1
  _tj_java=$(tether_resolve "$1")
  if _tj_version=$(tether_release_version "${_tj_java%/bin/java}"); then
    :
  else
    # No release file (macOS's /usr/bin/java stub, a JRE laid out by hand): ask the JVM.
    _tj_version=$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')
  fi
  _tj_version=${_tj_version#1.}
  _tj_version=${_tj_version%%[!0-9]*}
  case $_tj_version in
    '' | *[!0-9]*) return 1 ;;
  esac
  printf '%s\n' "$_tj_version"
}

# Prints the path of a java >= 21: JAVA_HOME's, else the newest in the usual folders
# (TETHER_JAVA_DIRS), else the one on PATH. Says on stderr what it found and what to install when none fits.
tether_find_java() {
  _tj_found=""
  _tj_seen=""
  if [ -n "${JAVA_HOME:-}" ]; then
    if _tj_feature=$(tether_java_feature "$JAVA_HOME/bin/java"); then
      if [ "$_tj_feature" -ge "$TETHER_MIN_JAVA" ]; then
        printf '%s\n' "$JAVA_HOME/bin/java"
        return 0
      fi
      _tj_seen="JAVA_HOME is Java $_tj_feature ($JAVA_HOME)"
    else
      _tj_seen="JAVA_HOME ($JAVA_HOME) holds no bin/java"
    fi
  fi
  _tj_best=0
  # TETHER_JAVA_DIRS: the JDK folders (shell patterns, space-separated) searched after JAVA_HOME;
  # empty searches none. Expanded unquoted on purpose, so that its patterns match.
  # shellcheck disable=SC2086
  for _tj_home in ${TETHER_JAVA_DIRS-/usr/lib/jvm/* /opt/java/* /opt/homebrew/opt/openjdk* /usr/local/opt/openjdk* /Library/Java/JavaVirtualMachines/*/Contents/Home}; do
    _tj_candidate=$_tj_home/bin/java
    [ -x "$_tj_candidate" ] || continue
    _tj_feature=$(tether_java_feature "$_tj_candidate") || continue
    if [ "$_tj_feature" -ge "$TETHER_MIN_JAVA" ] && [ "$_tj_feature" -gt "$_tj_best" ]; then
      _tj_found=$_tj_candidate
      _tj_best=$_tj_feature
    fi
  done
  if [ -z "$_tj_found" ] && _tj_candidate=$(command -v java); then
    if _tj_feature=$(tether_java_feature "$_tj_candidate"); then
      if [ "$_tj_feature" -ge "$TETHER_MIN_JAVA" ]; then
        _tj_found=$_tj_candidate
      else
        _tj_seen="${_tj_seen:+$_tj_seen; }java on PATH is Java $_tj_feature ($_tj_candidate)"
      fi
    else
      _tj_seen="${_tj_seen:+$_tj_seen; }java on PATH ($_tj_candidate) does not run"
    fi
  fi
  if [ -z "$_tj_found" ]; then
    {
      echo "tether: Tether needs Java $TETHER_MIN_JAVA or newer, and none was found (${_tj_seen:-no JAVA_HOME, no java on PATH or in the usual folders})."
      echo "tether: install a Java $TETHER_MIN_JAVA+ runtime (Debian/Ubuntu: apt install openjdk-21-jre-headless; macOS: brew install openjdk@21; any OS: Eclipse Temurin 21+ from adoptium.net), then set JAVA_HOME to it or put its bin on PATH."
      echo "tether: or install a Tether that brings its own runtime: the tether-*-linux-x86_64 archive, or the npm package tether-acp on a platform it has a runtime for (linux-x64)."
    } >&2
    return 1
  fi
  printf '%s\n' "$_tj_found"
}

tether_java_home() {
  _tj_java=$(tether_find_java) || return 1
  _tj_java=$(tether_resolve "$_tj_java")
  printf '%s\n' "${_tj_java%/bin/java}"
}

# Prints the JDK's full version (25.0.3) from its release file, or its feature version.
tether_java_version() {
  _tj_java=$(tether_resolve "$1")
  tether_release_version "${_tj_java%/bin/java}" || tether_java_feature "$1"
}

# Prints the path of the start-up cache that fits this jar and this JVM: the JDK AOT cache
# (.aot) on JDK 25+, an AppCDS archive (.jsa) on 21-24. The jar's time and size and the JDK's
# version are in the name, so a cache of another jar or JDK is never picked up.
tether_cache_path() {
  _tj_stamp=$(stat -c '%Y-%s' "$1" 2>/dev/null || stat -f '%m-%z' "$1") || return 1
  _tj_version=$(tether_java_version "$2") || return 1
  _tj_ext=aot
  [ "$(tether_java_feature "$2")" -ge 25 ] || _tj_ext=jsa
  printf '%s\n' "${1%/*}/tether-$_tj_stamp-jdk$_tj_version.$_tj_ext"
}
