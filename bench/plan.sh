#!/usr/bin/env bash
# Plan benchmark: `jig plan` as a whole process (JVM start, reading the snapshot, compiling both
# revisions through JGit, scheduling the workload against each, diff and report) on the synthetic
# repository of bench/compile.sh (N tenants x 3 pools) with a `kubectl get pods,daemonsets -A -o json`
# snapshot of PODS pods (plan/src/test/java/dev/jig/plan/bench/SyntheticSnapshot.java). Base is the
# committed repository; head, the work tree, where t0001 lowers its quota and t0002 narrows its
# batch pool to the r family. Prints medians of RUNS runs (wall time, peak RSS), the stage times of
# the last run (--timings) and the load average, since the machine is shared.
#
#   bench/plan.sh [TENANTS] [PODS]        (default 1000 50000; RUNS=5)
set -euo pipefail
cd "$(dirname "$0")/.."
tenants="${1:-1000}"
pods="${2:-50000}"
runs="${RUNS:-5}"
[ -f cli/target/jig.jar ] || mvn -B -q -DskipTests package

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
java compiler/src/test/java/dev/jig/compiler/bench/SyntheticRepo.java "$tenants" "$work"
java plan/src/test/java/dev/jig/plan/bench/SyntheticSnapshot.java "$tenants" "$pods" "$work/snapshot.json"
git -C "$work" init -q
git -C "$work" add policies
git -C "$work" -c user.email=bench@jig.dev -c user.name=bench commit -qm base
sed -i 's/quota: {cpu: 40, memory: 160Gi}/quota: {cpu: 32, memory: 128Gi}/' "$work/policies/tenants/t0001.yaml"
sed -i 's/categories: \[c, m, r\]/categories: [r]/' "$work/policies/tenants/t0002.yaml"

: > "$work/times"
for _ in $(seq "$runs"); do
  /usr/bin/time -f "%e %M" -o "$work/t" bin/jig plan "$work/policies" --base HEAD --workload "$work/snapshot.json" \
    --format json --out "$work/plan.json" --timings 2> "$work/stages" || { cat "$work/stages" >&2; exit 1; }
  cat "$work/t" >> "$work/times"
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
wall=$(awk '{print $1}' "$work/times" | median)
rss=$(awk '{print $2}' "$work/times" | median)
printf 'tenants: %s, pods: %s, runs: %s, java: %s, load average: %s\n' "$tenants" "$pods" "$runs" \
  "$(java -version 2>&1 | head -1)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-40s %10s %14s\n' "command" "median s" "median RSS MiB"
printf '%-40s %10.2f %14.0f\n' "jig plan (both sides, whole process)" "$wall" "$(echo "$rss/1024" | bc -l)"
echo "stages of the last run:"
sed 's/^jig plan: /  /' "$work/stages"
python3 - "$work/plan.json" <<'PY' 2>/dev/null || true
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
print("plan: base %d nodes $%.2f/h, head %d nodes $%.2f/h, %d pods placed on head, %d newly unschedulable, %d moved"
      % (s["base"]["nodes"], s["base"]["perHour"], s["head"]["nodes"], s["head"]["perHour"], s["head"]["podsPlaced"],
         s["podsNewlyUnschedulable"], s["podsMoved"]))
PY
