#!/usr/bin/env bash
# Lock-up sweep of the crowd tests: runs crowd::swap (tests/it/crowd/swap.rs)
# once per swap seed and crowd::door once per door seed (release, one at a time,
# one thread) with their unchanged tolerances and time limits, and prints
# the seeds that fail and the totals.
#
#   scripts/crowd_sweep.sh [SWAP_LAST [DOOR_LAST]]   (defaults: 300 60)
set -euo pipefail
cd "$(dirname "$0")/.."
swap_last=${1:-300}
door_last=${2:-60}
# the integration test binary (every test of the library is in it)
it=$(cargo test --release -p daedalus --test it --no-run --message-format=json 2>/dev/null |
    grep -o '"executable":"[^"]*/it-[^"]*"' | tail -1 | cut -d'"' -f4)
export RAYON_NUM_THREADS=1
# run KIND FILTER SEED_VAR LAST: every seed; the failing ones in
# failed_KIND, the arrival times of the others in times_KIND
run() {
    local -n failed=failed_$1 times=times_$1
    failed=()
    times=()
    for s in $(seq 1 "$4"); do
        if out=$(env "$3=$s" "$it" "$2" --nocapture 2>&1); then
            # "... arrived N/100 after T s ...": T
            times+=("$(grep -o 'after [0-9.]* s' <<<"$out" | head -1 | cut -d' ' -f2)")
        else
            failed+=("$s")
            echo "$1 seed $s: FAILED"
        fi
    done
}
run swap crowd::swap:: CROWD_SWAP_SEED "$swap_last"
run door crowd::door:: CROWD_DOOR_SEED "$door_last"
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {if (NR) printf "%s (min %s, max %s)", a[int((NR+1)/2)], a[1], a[NR]}'; }
echo "swap: ${#failed_swap[@]} of $swap_last failed: ${failed_swap[*]:-}; all arrived after (s) median $(median "${times_swap[@]}")"
echo "door: ${#failed_door[@]} of $door_last failed: ${failed_door[*]:-}; all arrived after (s) median $(median "${times_door[@]}")"
