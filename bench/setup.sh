#!/bin/sh
# What `npm run bench` needs beyond npm's packages, from Debian:
#   wrk            the second load generator: the bench's baselines are checked against it
#                  (bench/support/ceiling.ts);
#   poppler-utils  pdftotext, the baseline of the extraction figures;
#   libjemalloc2   the allocator bin/serve uses, as production runs it (decision 0038).
set -e
missing=""
command -v wrk >/dev/null || missing="$missing wrk"
command -v pdftotext >/dev/null || missing="$missing poppler-utils"
[ -r /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 ] || [ -r /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 ] ||
  missing="$missing libjemalloc2"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "The benchmarks need Debian's$missing: sudo apt-get install$missing" >&2
  exit 1
fi
echo "Installing Debian's$missing for the benchmarks"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
