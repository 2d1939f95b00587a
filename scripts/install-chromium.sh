#!/usr/bin/env bash
# Installs Debian's Chromium for the end-to-end tests, once. Browsers are never downloaded
# by npm packages here; Playwright is pointed at /usr/bin/chromium instead.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
sudo=""; [[ $(id -u) -eq 0 ]] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-liberation
