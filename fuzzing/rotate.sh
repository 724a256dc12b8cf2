#!/usr/bin/env bash
# rotate.sh runs every fuzz target of the fuzzing modules (this one and
# ./dynssz) in turn, each for an equal share of a total budget, and lists
# the targets that failed. A failing input is written by go test to the
# target's testdata/fuzz/<Target>/ directory: settle it (README.md,
# "Disagreements") before committing it as a regression seed.
#
#	./rotate.sh                      # the full pass: 4h in all, 2 workers per target
#	./rotate.sh -total 8m -parallel 1   # a short rotation (about 20 s per target)
#	./rotate.sh -per 20s -only 'Block|Attestation'
#	./rotate.sh -per 1s -skip BeaconState  # CI: the small targets briefly
#	./rotate.sh -part 1/2            # the first half of the full pass (the
#	                                 # targets of odd rank), for a pass in two sittings
#
# Flags: -total (the whole budget, shared among the targets), -per (the
# time of each target, instead of -total), -parallel (fuzz workers of each
# target: 2 for a pass on 2 idle cores, 1 on a shared machine), -only (a
# regular expression the target names must match), -skip (one they must
# not match), -minimize (the
# -fuzzminimizetime of a failing or new input), -part K/N (only the targets
# whose rank in the list, counted from 1, is K modulo N; each keeps the
# share of -total it has in the whole pass, so that N parts run in separate
# sittings make one pass). The conformance data is
# read from SSZ_SPECTESTS (default ../../shared/spectests, as for CI).
set -euo pipefail
# A relative SSZ_SPECTESTS is the caller's: made absolute before moving to
# this directory, since go test runs each test binary in its package's.
if [ -n "${SSZ_SPECTESTS:-}" ] && [ -d "$SSZ_SPECTESTS" ]; then
	SSZ_SPECTESTS=$(cd "$SSZ_SPECTESTS" && pwd)
fi
cd "$(dirname "$0")"

total=4h per="" parallel=2 only="." skip="^$" minimize=10s part=1/1
while [ $# -gt 0 ]; do
	case "$1" in
	-total) total=$2; shift 2 ;;
	-per) per=$2; shift 2 ;;
	-parallel) parallel=$2; shift 2 ;;
	-only) only=$2; shift 2 ;;
	-skip) skip=$2; shift 2 ;;
	-minimize) minimize=$2; shift 2 ;;
	-part) part=$2; shift 2 ;;
	*) echo "rotate.sh: unknown flag $1" >&2; exit 2 ;;
	esac
done
if [[ ! $part =~ ^([0-9]+)/([0-9]+)$ ]] || [ "${BASH_REMATCH[1]}" -lt 1 ] ||
	[ "${BASH_REMATCH[1]}" -gt "${BASH_REMATCH[2]}" ]; then
	echo "rotate.sh: bad part $part (want K/N, 1 <= K <= N)" >&2
	exit 2
fi
partk=${BASH_REMATCH[1]} partn=${BASH_REMATCH[2]}
export SSZ_SPECTESTS="${SSZ_SPECTESTS:-$(cd .. && pwd)/../shared/spectests}"
if [ ! -d "$SSZ_SPECTESTS/tests" ]; then
	echo "rotate.sh: no conformance data in SSZ_SPECTESTS=$SSZ_SPECTESTS" >&2
	exit 2
fi

# seconds converts a Go duration of hours, minutes and seconds (4h, 8m,
# 1h30m, 20s) to seconds.
seconds() {
	local d=$1 s=0 n
	while [[ $d =~ ^([0-9]+)([hms])(.*)$ ]]; do
		n=${BASH_REMATCH[1]}
		case ${BASH_REMATCH[2]} in h) n=$((n * 3600)) ;; m) n=$((n * 60)) ;; esac
		s=$((s + n)) d=${BASH_REMATCH[3]}
	done
	[ -z "$d" ] || { echo "rotate.sh: bad duration $1" >&2; exit 2; }
	echo "$s"
}

# The targets, as "module-directory name" lines.
targets=()
for dir in . dynssz; do
	for name in $(cd "$dir" && go test -list '^Fuzz' . | grep '^Fuzz' | grep -E "$only" | grep -vE "$skip" || true); do
		targets+=("$dir $name")
	done
done
if [ ${#targets[@]} -eq 0 ]; then
	echo "rotate.sh: no target matches $only" >&2
	exit 2
fi
if [ -z "$per" ]; then
	per="$(( $(seconds "$total") / ${#targets[@]} ))s"
fi
if [ "$partn" -gt 1 ]; then
	all=${#targets[@]} mine=()
	for i in "${!targets[@]}"; do
		if [ $(( i % partn + 1 )) -eq "$partk" ]; then mine+=("${targets[$i]}"); fi
	done
	targets=("${mine[@]}")
	echo "rotate.sh: part $part: ${#targets[@]} of the $all targets"
fi
echo "rotate.sh: ${#targets[@]} targets, $per each, $parallel workers, SSZ_SPECTESTS=$SSZ_SPECTESTS"

failed=()
for t in "${targets[@]}"; do
	read -r dir name <<<"$t"
	echo "== $dir $name ($per) [${SECONDS}s]"
	# go test's own timeout (10m by default) would end a long share: the
	# share, the baseline of large seeds and minimizing fit in 30m more.
	if ! (cd "$dir" && go test -run '^$' -fuzz "^${name}\$" -fuzztime "$per" \
		-fuzzminimizetime "$minimize" -parallel "$parallel" \
		-timeout "$(( $(seconds "$per") + 1800 ))s" .); then
		failed+=("$dir $name")
	fi
done

echo "rotate.sh: done in ${SECONDS}s"
# An execution that outlasts its limit is recorded by the targets
# (difftest's watch) in the hang directory, not by go test.
hangs=${SSZ_FUZZ_HANGS:-${TMPDIR:-/tmp}/ssztree-fuzz-hangs}
if [ -d "$hangs" ] && [ -n "$(ls -A "$hangs")" ]; then
	echo "rotate.sh: executions that hung are recorded in $hangs:"
	ls "$hangs" | sed 's/^/  /'
	failed+=("hangs in $hangs")
fi
if [ ${#failed[@]} -gt 0 ]; then
	echo "rotate.sh: ${#failed[@]} targets failed:"
	printf '  %s\n' "${failed[@]}"
	exit 1
fi
echo "rotate.sh: every target passed"
