#!/usr/bin/env bash
# Runs the whole test suite under a sanitizer.
#
#   scripts/sanitize.sh address     Swift and the C shim built with AddressSanitizer
#                                   (release build with testing enabled, own scratch path)
#   scripts/sanitize.sh thread      the same with ThreadSanitizer
#   scripts/sanitize.sh undefined   libcmark rebuilt from Debian's source of the installed
#                                   version with UndefinedBehaviorSanitizer (every check fatal),
#                                   and the suite run against it
#
# Why `undefined` rebuilds libcmark: swiftc 6.3 on x86_64 Linux rejects
# `-sanitize=undefined`, and Swift code needs no UBSan — overflow, bounds, unwrap and
# exclusivity are checked by the language and trap in every build. The C code that runs
# is libcmark (Debian's prebuilt library); this instruments exactly that code.
#
# Options: --filter TEXT and --skip TEXT pass test filters (regular expressions over
# Module.Suite/test). Prints Swift Testing's closing line.
set -euo pipefail
cd "$(dirname "$0")/.."

kind="${1:-}"
shift || true
filter=()
while [[ $# -ge 2 && ( "$1" == "--filter" || "$1" == "--skip" ) ]]; do
  filter+=("$1" "$2")
  shift 2
done
case "$kind" in
  address | thread | undefined) ;;
  *) echo "usage: scripts/sanitize.sh address|thread|undefined [--filter TEXT] [--skip TEXT]" >&2; exit 64 ;;
esac

scripts/setup.sh --test
run_suite() {
  # The summary line of Swift Testing, failures, and sanitizer reports.
  swift test -c release -Xswiftc -enable-testing --skip-build --scratch-path "$1" "${filter[@]}" 2>&1 \
    | grep -v -E '^(✔ Test [a-zA-Z0-9_]+\(|◇|↳|✔ Suite)' || true
}

if [[ "$kind" != "undefined" ]]; then
  scratch=".build/sanitize-$kind"
  swift build -c release -Xswiftc -enable-testing --build-tests --sanitize="$kind" --scratch-path "$scratch" \
    2>&1 | tail -n 1
  # Leaks outside StreamMark's code (the test runner, Foundation) are listed, with reasons.
  export LSAN_OPTIONS="suppressions=$PWD/Tests/lsan-suppressions.txt:print_suppressions=0"
  log=$(mktemp)
  run_suite "$scratch" | tee "$log"
  if grep -q -E "ERROR: (Address|Thread|Leak)Sanitizer|WARNING: ThreadSanitizer|SUMMARY: (Address|Thread)Sanitizer" "$log"; then
    echo "sanitize: $kind sanitizer reported errors" >&2; exit 1
  fi
  grep -q "^✔ Test run with" "$log" || { echo "sanitize: the suite did not pass" >&2; exit 1; }
  exit 0
fi

# UBSan: build libcmark.so from the orig tarball of the installed Debian version.
version=$(dpkg-query -W -f='${Version}' libcmark-dev)
upstream=${version%%-*}
work=.build/ubsan-cmark
mkdir -p "$work"
tarball="$work/cmark_${upstream}.orig.tar.gz"
if [[ ! -s "$tarball" ]]; then
  /usr/bin/python3 - "$upstream" "$tarball" <<'EOF'
import sys, urllib.request
upstream, path = sys.argv[1], sys.argv[2]
url = f"http://deb.debian.org/debian/pool/main/c/cmark/cmark_{upstream}.orig.tar.gz"
with urllib.request.urlopen(url, timeout=60) as response, open(path, "wb") as out:
    out.write(response.read())
EOF
fi
rm -rf "$work/src" && mkdir -p "$work/src" "$work/lib"
tar xzf "$tarball" -C "$work/src" --strip-components=1
src="$work/src/src"
IFS=. read -r major minor patch <<<"$upstream"
# The three headers CMake would generate.
sed -e 's/#cmakedefine HAVE_STDBOOL_H/#define HAVE_STDBOOL_H/' \
    -e 's/#cmakedefine HAVE___BUILTIN_EXPECT/#define HAVE___BUILTIN_EXPECT/' \
    -e 's/#cmakedefine HAVE___ATTRIBUTE__/#define HAVE___ATTRIBUTE__/' "$src/config.h.in" >"$src/config.h"
sed -e "s/@PROJECT_VERSION_MAJOR@/$major/g" -e "s/@PROJECT_VERSION_MINOR@/$minor/g" \
    -e "s/@PROJECT_VERSION_PATCH@/$patch/g" "$src/cmark_version.h.in" >"$src/cmark_version.h"
cat >"$src/cmark_export.h" <<'EOF'
#ifndef CMARK_EXPORT_H
#define CMARK_EXPORT_H
#define CMARK_EXPORT __attribute__((visibility("default")))
#define CMARK_NO_EXPORT __attribute__((visibility("hidden")))
#endif
EOF
soname=$(objdump -p "$(pkg-config --variable=libdir libcmark)/libcmark.so" | awk '/SONAME/ {print $2}')
sources=$(ls "$src"/*.c | grep -v '/main.c$')
gcc -O1 -g -fPIC -shared -fvisibility=hidden -fsanitize=undefined -fno-sanitize-recover=all \
  -I "$src" $sources -Wl,-soname,"$soname" -o "$work/lib/$soname"

# The same build as scripts/test.sh (nothing to rebuild after it).
scratch=.build
swift build -c release -Xswiftc -enable-testing --build-tests -Xswiftc -warnings-as-errors --scratch-path "$scratch" \
  2>&1 | tail -n 1
binary="$scratch/release/StreamMarkPackageTests.xctest"
export LD_LIBRARY_PATH="$PWD/$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# The instrumented library must be the one the tests load.
# (Captured, not piped into `grep -q`: with pipefail an early grep exit fails the pipe.)
loaded=$(ldd "$binary")
[[ "$loaded" == *"$PWD/$work/lib/$soname"* ]] \
  || { echo "sanitize: the tests do not load the instrumented libcmark" >&2; exit 1; }
symbols=$(nm -D "$work/lib/$soname")
[[ "$symbols" == *__ubsan_handle* ]] \
  || { echo "sanitize: $work/lib/$soname is not instrumented" >&2; exit 1; }
echo "sanitize: tests load $work/lib/$soname (UBSan, every check fatal)"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
log=$(mktemp)
run_suite "$scratch" | tee "$log"
if grep -q "runtime error:" "$log"; then echo "sanitize: UBSan reported errors" >&2; exit 1; fi
grep -q "^✔ Test run with" "$log" || { echo "sanitize: the suite did not pass" >&2; exit 1; }
