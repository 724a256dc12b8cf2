#!/usr/bin/env bash
# select.sh copies the subset of a consensus-spec-tests folder that the
# repository carries (see README.md here for the rules), from the folder
# given (default: ../../shared/spectests) into spectests/ beside this
# script, replacing what is there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
from=$(cd "${1:-$here/../../shared/spectests}" && pwd)
to="$here/spectests"
rm -rf "$to"
mkdir -p "$to"

# copy copies the case folder at the path rel under tests/.
copy() {
	mkdir -p "$to/tests/$1"
	cp "$from/tests/$1"/* "$to/tests/$1/"
}

# ssz_generic: of each handler's valid and invalid cases, in sorted order,
# the first case of each type (the name up to its first number, or its
# first word when that is a container's name) and every eighth case.
for dir in "$from"/tests/general/*/ssz_generic/*/{valid,invalid}; do
	[ -d "$dir" ] || continue
	rel=${dir#"$from/tests/"}
	ls "$dir" | LC_ALL=C sort | awk '
		{
			n = split($0, w, "_")
			key = w[1]
			if (w[1] !~ /^[A-Z]/) {
				for (i = 2; i <= n; i++) { key = key "_" w[i]; if (w[i] ~ /^[0-9]+$/) break }
			}
			if (!(key in seen) || (NR - 1) % 8 == 0) print
			seen[key] = 1
		}' | while read -r c; do copy "$rel/$c"; done
done

# ssz_static: of each preset, fork and type, the case ssz_random/case_0
# (or the first case when there is none), but for the mainnet BeaconState
# and HistoricalBatch, which the minimal preset has with the same fields
# at a smaller size.
for typ in "$from"/tests/*/*/ssz_static/*; do
	rel=${typ#"$from/tests/"}
	case "$rel" in
	mainnet/*/ssz_static/BeaconState | mainnet/*/ssz_static/HistoricalBatch) continue ;;
	esac
	c="$typ/ssz_random/case_0"
	[ -d "$c" ] || c=$(ls -d "$typ"/*/case_* | LC_ALL=C sort | head -1)
	copy "${c#"$from/tests/"}"
done
