#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz in build/fuzz (clang, ASan + UBSan) and runs each one for a
# bounded time over its committed corpus (tests/fuzz/corpus/<target>), as many targets at once as the
# machine has cores. New inputs go to a temporary directory: the committed corpus is never modified.
# Fails on any crash, leak, timeout or out-of-memory, printing the reproducer and how to replay it.
#
#   scripts/fuzz.sh [--seconds N] [--work DIR] [--build-only] [target ...]
#     targets: map_reader scen_reader world_reader hierarchy_loader world_loader api_sequence flow_field
#              world_sequence decimal_text (default: all of them but those named in HPASTAR_FUZZ_SKIP, space-separated)
#     --seconds N   time per target (default 15: what `npm test` spends)
#     --work DIR    keep what the run finds in DIR instead of a temporary directory: DIR/<target>/corpus
#                   (new inputs: a later run with the same DIR resumes from them), DIR/<target>/artifacts
#                   and the log DIR/<target>-<date>.log
#     --build-only  configure and build, run nothing
#   Long session:   nice -n 19 scripts/fuzz.sh --seconds 3600 --work /work/fuzzlogs map_reader scen_reader
#   Replay a crash: build/fuzz/fuzz_<target> <reproducer>
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

all_targets=(map_reader scen_reader world_reader hierarchy_loader world_loader api_sequence flow_field world_sequence
  decimal_text)
# A target named on the command line always runs.
skip=" ${HPASTAR_FUZZ_SKIP-} "

seconds=15
build_only=0
keep=""
targets=()
while (($#)); do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --work) keep=$2; shift 2 ;;
    --build-only) build_only=1; shift ;;
    -h | --help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    -*) echo "fuzz: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
if ((${#targets[@]} == 0)); then
  for t in "${all_targets[@]}"; do
    if [[ $skip == *" $t "* ]]; then echo "fuzz: skipping $t (HPASTAR_FUZZ_SKIP)"; else targets+=("$t"); fi
  done
fi
for t in "${targets[@]}"; do
  [[ " ${all_targets[*]} " == *" $t "* ]] || { echo "fuzz: unknown target $t (known: ${all_targets[*]})" >&2; exit 2; }
done

# Unity build (CMakeLists.txt, HPASTAR_UNITY): less CPU for the instrumented core; no edit-compile loop here.
cmake -S . -B build/fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHPASTAR_FUZZ=ON \
  -DHPASTAR_TESTS=OFF -DHPASTAR_UNITY=ON >/dev/null
cmake --build build/fuzz -j2 --target hpastar_fuzzers
((build_only)) && exit 0

# A crash stops the target at once; UBSan's reports come with a stack.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
if [[ -n $keep ]]; then
  mkdir -p "$keep"
  work=$(cd "$keep" && pwd)
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/hpastar-fuzz.XXXXXX")
fi
# One target: its report (its summary, or the log's end and its reproducers) goes to stdout, its status
# to $work/<target>/status, so that targets can run side by side and be reported one after the other.
fuzz_target() {
  local t=$1 log dict=() status=0
  mkdir -p "$work/$t/corpus" "$work/$t/artifacts"
  [[ -f tests/fuzz/$t.dict ]] && dict=(-dict="tests/fuzz/$t.dict")
  log=$work/$t/log
  [[ -n $keep ]] && log=$work/$t-$(date +%Y%m%d-%H%M%S).log
  echo "fuzz: $t for ${seconds}s (log $log)"
  # -timeout: one input slower than 10 s is a hang; -rss_limit_mb: more than 2 GB is a runaway allocation.
  build/fuzz/fuzz_$t -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$work/$t/artifacts/" "${dict[@]}" "$work/$t/corpus" "tests/fuzz/corpus/$t" >"$log" 2>&1 || status=$?
  if ((status == 0)); then
    grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$log" | tr '\n' ' ' | sed "s/^/fuzz: $t ok: /"
    echo
  else
    tail -n 60 "$log"
    for reproducer in "$work/$t/artifacts/"*; do
      [[ -e $reproducer ]] && echo "fuzz: $t FAILED, reproducer: $reproducer (replay: build/fuzz/fuzz_$t $reproducer)"
    done
  fi
  echo "$status" >"$work/$t/status"
}

# A fuzzer keeps one core busy: as many run at once as there are cores, each for the whole `seconds`.
parallel=$(nproc 2>/dev/null || echo 1)
failed=()
for ((i = 0; i < ${#targets[@]}; i += parallel)); do
  batch=("${targets[@]:i:parallel}")
  for t in "${batch[@]}"; do
    mkdir -p "$work/$t"
    fuzz_target "$t" >"$work/$t/report" 2>&1 &
  done
  wait
  for t in "${batch[@]}"; do
    cat "$work/$t/report"
    [[ $(cat "$work/$t/status" 2>/dev/null) == 0 ]] || failed+=("$t")
  done
done
if ((${#failed[@]})); then
  echo "fuzz: failed: ${failed[*]}" >&2
  exit 1
fi
[[ -n $keep ]] || rm -rf "$work"
echo "fuzz: ${#targets[@]} passed, 0 failed"
