#!/usr/bin/env bash
# Instructions per query inside the planner's findPath, counted by callgrind: a figure that, unlike
# wall time, does not move with the load of a shared machine. Use it to compare two versions of the
# code on the same queries (A/B), then confirm with a timed benchmark.
#   bench/icount.sh MAP MIN_BUCKET --algo dhpa [planner options]
# MAP is a name in ../shared/maps (brc202d) or a path to a .map; MIN_BUCKET keeps the long queries.
set -euo pipefail
map=$1; bucket=$2; shift 2
[[ -f $map ]] || map="$(dirname "$0")/../../shared/maps/$map.map"
hpa="${HPA:-$(dirname "$0")/../build/native/hpa}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
summary=$(valgrind --tool=callgrind --callgrind-out-file="$out" \
  --toggle-collect='hpastar::cli::*::findPath(*' "$hpa" scen "$map.scen" --map "$map" --min-bucket "$bucket" "$@" 2>/dev/null | tail -1)
queries=$(sed -n 's/.*"queries":\([0-9]*\).*/\1/p' <<<"$summary")
total=$(callgrind_annotate "$out" 2>/dev/null | sed -n 's/^\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,)
echo "$(basename "$map") bucket>=$bucket $*: $queries queries, $((total / queries)) instructions/query"
if [[ -n ${ICOUNT_FUNCTIONS:-} ]]; then callgrind_annotate --inclusive=yes "$out" 2>/dev/null | sed -n '1,/^$/d;p' | head -"$ICOUNT_FUNCTIONS"; fi
