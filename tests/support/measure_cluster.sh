#!/usr/bin/env bash
# renju generate's throughput over a file of game records: --jobs 1, a Dask cluster of 1
# and of 2 workers (dask scheduler / dask worker, as the README says), --jobs 2; the four
# outputs must be identical. A measurement, not a test (needs the cluster extra).
# Usage, from the repository with the package installed: bash tests/support/measure_cluster.sh [GAMES] [DIR]
set -euo pipefail
GAMES=${1:-40}
D=${2:-$(mktemp -d)}
mkdir -p "$D"
PYTHONPATH=tests python - "$D/games.rif" "$GAMES" <<'PY'
import sys
from pathlib import Path
from support.rif import write_rif
from solver.rules.games import sample_games
write_rif(Path(sys.argv[1]), sample_games(int(sys.argv[2]), seed=11, length=(16, 70)))
PY
ARGS="--games $D/games.rif --goal tsume --max-moves 7 --time 30 --count all --force"
timed() {  # LABEL OUTPUT ARGS...: one run, its wall time
  local label=$1 out=$2; shift 2
  local t0=$(date +%s.%N)
  renju generate "$out" $ARGS "$@" | tail -1
  echo "$label: $(python -c "print(f'{$(date +%s.%N) - $t0:.1f} s')")"
}
uptime
timed "jobs 1" "$D/j1.renju" --jobs 1
rm -f "$D/sched.json"
dask scheduler --scheduler-file "$D/sched.json" --port 0 --dashboard-address :0 > "$D/sched.log" 2>&1 &
spid=$!
while [ ! -s "$D/sched.json" ]; do sleep 1; done
ADDR=$(python -c "import json; print(json.load(open('$D/sched.json'))['address'])")
for n in 1 2; do
  dask worker "$ADDR" --nworkers $n --nthreads 1 > "$D/workers$n.log" 2>&1 &
  wpid=$!
  python -c "from distributed import Client; c = Client('$ADDR'); c.wait_for_workers($n, timeout=120); c.close()"
  timed "dask, $n worker(s)" "$D/d$n.renju" --scheduler "$ADDR"
  kill $wpid; wait $wpid || true
  sleep 3
done
kill $spid
timed "jobs 2" "$D/j2.renju" --jobs 2
uptime
cmp "$D/j1.renju" "$D/d1.renju" && cmp "$D/j1.renju" "$D/d2.renju" && cmp "$D/j1.renju" "$D/j2.renju" && echo "outputs identical"
