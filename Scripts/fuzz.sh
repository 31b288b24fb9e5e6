#!/usr/bin/env bash
# Runs the libFuzzer targets of Fuzz/ (release, libFuzzer + AddressSanitizer).
#
#   Scripts/fuzz.sh TARGET|all SECONDS [-- LIBFUZZER_OPTIONS...]
#   Scripts/fuzz.sh --list
#   Scripts/fuzz.sh --runs N TARGET|all   # exactly N executions per target
#
# Each target starts from its seed corpus in Fuzz/Corpus/<target>/ (small, kept
# in the repository), copied into .build-fuzz/corpus/<target>/ so that the
# inputs libFuzzer adds stay out of the repository. A crash or failed invariant
# leaves crash-<sha> in .fuzz-artifacts/<target>/ (outside the build folder: a
# `swift build` with --scratch-path .build-fuzz empties .build-fuzz/artifacts/,
# SwiftPM's folder for binary artifacts, so a build deleted kept crashes) and
# makes the script
# exit 1, printing the input in base64 (so that a CI log is enough to
# reproduce it); turn that input into a regression test in the ordinary suite.
set -euo pipefail
cd "$(dirname "$0")/.."

targets_all() {
  sed -n 's/^ *(name: "\(Fuzz[A-Za-z]*\)".*/\1/p' Fuzz/Package.swift
}

if [ "${1:-}" = "--list" ]; then targets_all; exit 0; fi
mode=time
runs=0
if [ "${1:-}" = "--runs" ]; then mode=runs; runs="${2:?--runs needs a number}"; shift 2; fi
target="${1:?usage: Scripts/fuzz.sh TARGET|all SECONDS | --runs N TARGET|all}"
shift
seconds=0
if [ "$mode" = time ]; then seconds="${1:?usage: Scripts/fuzz.sh TARGET|all SECONDS}"; shift; fi
[ "${1:-}" = "--" ] && shift
extra=("$@")

if [ "$target" = all ]; then
  mapfile -t targets < <(targets_all)
else
  targets=("$target")
fi

scratch=.build-fuzz
build_flags=(-c release --package-path Fuzz --scratch-path "$scratch"
  --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address)
for t in "${targets[@]}"; do
  swift build "${build_flags[@]}" --product "$t"
done
bin="$(swift build "${build_flags[@]}" --show-bin-path)"

export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
status=0
for t in "${targets[@]}"; do
  corpus="$scratch/corpus/$t"
  artifacts=".fuzz-artifacts/$t"
  mkdir -p "$corpus" "$artifacts"
  [ -d "Fuzz/Corpus/$t" ] && cp -n Fuzz/Corpus/"$t"/* "$corpus"/ 2>/dev/null || true
  if [ "$mode" = time ]; then limit=(-max_total_time="$seconds"); else limit=(-runs="$runs"); fi
  echo "==> $t (${limit[*]})"
  start=$(date +%s)
  if "$bin/$t" "${limit[@]}" -print_final_stats=1 -artifact_prefix="$artifacts/" \
    -timeout=20 -rss_limit_mb=4096 "${extra[@]}" "$corpus" > "$scratch/$t.log" 2>&1; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/$t.log")
    echo "$t: ok, ${execs:-?} executions in $(( $(date +%s) - start )) s, no crash"
  else
    status=1
    echo "$t: FAILED (log: $scratch/$t.log)"
    grep -E 'invariant failed|ERROR: AddressSanitizer|ERROR: libFuzzer|Fatal error|SUMMARY' \
      "$scratch/$t.log" | head -n 5 || true
    # The input itself, so that a CI log is enough to reproduce the failure:
    #   echo BASE64 | base64 -d > crash && "$bin/$t" crash   (FUZZ_VERBOSE=1 to trace)
    for input in $(ls -t "$artifacts" | head -n 3); do
      size=$(stat -c %s "$artifacts/$input")
      if [ "$size" -le 4096 ]; then
        echo "$input ($size bytes, base64): $(base64 -w0 "$artifacts/$input")"
      else
        echo "$input ($size bytes)"
      fi
    done
  fi
done
exit "$status"
