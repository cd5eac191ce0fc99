# shellcheck shell=bash
# Shared JDK discovery. Source it, then call `tether_find_java` (prints the path of a
# `java` >= 21 and returns 0, or prints a reason on stderr and returns 1) or
# `tether_java_home` (the matching JAVA_HOME).

TETHER_MIN_JAVA=21

# Prints the feature version (17, 21, 25, ...) of the given java binary, or nothing.
tether_java_feature() {
  local java=$1 line home
  [[ -x $java ]] || return 1
  # The JDK's release file names its version without starting a JVM (which costs ~50 ms
  # per candidate on every start); ask the JVM itself only when there is no such file.
  home=$(readlink -f "$java") && home=${home%/bin/java}
  if [[ -f $home/release ]] && line=$(grep -m1 '^JAVA_VERSION=' "$home/release"); then
    line=${line#JAVA_VERSION=}
    line=${line//\"/}
    line=${line%%[.+-]*}
    line=${line#1.}
    if [[ $line =~ ^[0-9]+$ ]]; then
      printf '%s\n' "$line"
      return 0
    fi
  fi
  line=$("$java" -XshowSettings:properties -version 2>&1 | grep -m1 'java.specification.version') || return 1
  line=${line##*= }
  line=${line#1.}
  [[ $line =~ ^[0-9]+$ ]] && printf '%s\n' "$line"
}

tether_find_java() {
  local candidate feature best="" best_feature=0
  if [[ -n ${JAVA_HOME:-} ]]; then
    feature=$(tether_java_feature "$JAVA_HOME/bin/java") || feature=0
    if (( feature >= TETHER_MIN_JAVA )); then
      printf '%s\n' "$JAVA_HOME/bin/java"
      return 0
    fi
  fi
  for candidate in /usr/lib/jvm/*/bin/java /opt/java/*/bin/java /opt/homebrew/opt/openjdk*/bin/java; do
    [[ -x $candidate ]] || continue
    feature=$(tether_java_feature "$candidate") || continue
    if (( feature >= TETHER_MIN_JAVA && feature > best_feature )); then
      best=$candidate
      best_feature=$feature
    fi
  done
  if [[ -z $best ]] && command -v java >/dev/null 2>&1; then
    candidate=$(command -v java)
    feature=$(tether_java_feature "$candidate") || feature=0
    (( feature >= TETHER_MIN_JAVA )) && best=$candidate
  fi
  if [[ -z $best ]]; then
    echo "tether: needs a JDK ${TETHER_MIN_JAVA} or newer; set JAVA_HOME to one (none found in JAVA_HOME, /usr/lib/jvm or PATH)" >&2
    return 1
  fi
  printf '%s\n' "$best"
}

tether_java_home() {
  local java
  java=$(tether_find_java) || return 1
  java=$(readlink -f "$java")
  printf '%s\n' "${java%/bin/java}"
}

# The JVM options of every Tether run live in one JDK argument file beside the launcher,
# bin/jvm.args, which the java launcher reads itself (`java "@$TETHER_JVM_ARGS" ...`: no process,
# and a POSIX sh or Windows launcher can pass the same file). The start-up cache is recorded with
# them too (scripts/lib/train-cache), since a cache only serves runs whose options fit it. The
# path is built from this file's own, so it holds in the source tree and in the unpacked package.
TETHER_JVM_ARGS=${BASH_SOURCE[0]%/*}/../../bin/jvm.args
# The jar runs from the class path with its main class named, not with -jar: -jar opens the jar
# at every start to read its manifest, while with the start-up cache no class needs the jar
# before the initialize answer (about 5 ms). The manifest's Enable-Native-Access (the
# hardening's prctl call) is then an option in bin/jvm.args.
TETHER_MAIN=dev.tether.cli.Main

# Prints the JDK's full version (25.0.3) from its release file, or its feature version.
tether_java_version() {
  local java=$1 home line
  home=$(readlink -f "$java") && home=${home%/bin/java}
  if [[ -f $home/release ]] && line=$(grep -m1 '^JAVA_VERSION=' "$home/release"); then
    line=${line#JAVA_VERSION=}
    printf '%s\n' "${line//\"/}"
    return 0
  fi
  tether_java_feature "$java"
}

# Prints the path of the start-up cache that fits this jar and this JVM: the JDK AOT cache
# (.aot) on JDK 25+, an AppCDS archive (.jsa) on 21-24. The jar's time and size and the JDK's
# version are in the name, so a cache of another jar or JDK is never picked up.
tether_cache_path() {
  local jar=$1 java=$2 stamp version ext=aot
  stamp=$(stat -c '%Y-%s' "$jar" 2>/dev/null || stat -f '%m-%z' "$jar") || return 1
  version=$(tether_java_version "$java") || return 1
  (( $(tether_java_feature "$java") >= 25 )) || ext=jsa
  printf '%s\n' "${jar%/*}/tether-$stamp-jdk$version.$ext"
}
