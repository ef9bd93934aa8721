#!/usr/bin/env bash
# Installs what StreamMark needs from Debian on a fresh machine.
#   scripts/setup.sh          libcmark-dev (and pkg-config) to build and run
#   scripts/setup.sh --web    also libjs-katex, which the web client renders math
#                             with (served by scripts/demo-web.sh from /usr/share)
#   scripts/setup.sh --test   also the test oracles and tools: cmark-gfm, pandoc
#                             (the math oracle), libjs-katex, tmux, and
#                             for the browser test of the web client (Clients/web)
#                             chromium, chromium-driver, python3-selenium;
#                             python3 for the fuzz seeds (scripts/fuzz.sh);
#                             python3-pygments, the highlighting oracle
#                             (scripts/highlight-accuracy.sh);
#                             gcc and binutils to build libcmark with UBSan
#                             (scripts/sanitize.sh undefined)
# As root it runs apt-get; otherwise it prints the exact command and fails.
set -euo pipefail

packages=(libcmark-dev pkg-config)
case "${1:-}" in
  --web) packages+=(libjs-katex) ;;
  --test)
    packages+=(cmark-gfm pandoc libjs-katex tmux chromium chromium-driver python3-selenium python3 python3-pygments
      gcc binutils)
    ;;
esac

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -eq 0 ]]; then
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "setup: missing ${missing[*]}; run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
