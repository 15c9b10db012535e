#!/usr/bin/env bash
#===- import-scale.sh - foundry-library import of a million candidates ----===#
#
#   bash bench/library/import-scale.sh [COUNT] [WORKDIR]
#
# Writes an export of COUNT (default 1000000) distinct candidates of one
# kernel (make_export.py), imports it into a new library with
# /usr/bin/time -v and prints the wall time, the peak resident memory and
# the rows the library then holds. Run from the repository root after a
# build.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
COUNT=${1:-1000000}
WORK=${2:-$(mktemp -d)}
mkdir -p "$WORK"
python3 bench/library/make_export.py "$COUNT" "$WORK/export.yaml"
rm -f "$WORK/lib.sqlite"
/usr/bin/time -v build/bin/foundry-library import "$WORK/export.yaml" \
  --library "$WORK/lib.sqlite" > "$WORK/import.log" 2>&1
echo "export: $(stat -c %s "$WORK/export.yaml") bytes, $COUNT candidates"
grep -E "^imported|Elapsed \(wall|Maximum resident" "$WORK/import.log" | sed 's/^\t//'
python3 -c "import sqlite3, sys; print('rows in the library:', sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM candidates').fetchone()[0])" "$WORK/lib.sqlite"
