#!/usr/bin/env bash
# Compile benchmark: a synthetic repository of N tenants x 3 pools, compiled by `jig compile`
# (whole process: JVM start, load, schema, checks, generation, CRD conformance, write) and the
# equivalent plain NodePools/EC2NodeClasses rendered by `kubectl kustomize` from a base plus one
# overlay per tenant, in the same run. Also times `jig lint` on the bundled example.
# Prints medians of RUNS runs (wall time, peak RSS) and the jig/kustomize ratio.
#
#   bench/compile.sh [TENANTS]        (default 1000; RUNS=5)
set -euo pipefail
cd "$(dirname "$0")/.."
tenants="${1:-1000}"
runs="${RUNS:-5}"
[ -f cli/target/jig.jar ] || mvn -B -q -DskipTests package
command -v kubectl >/dev/null || { echo "bench: kubectl not found" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
java compiler/src/test/java/dev/jig/compiler/bench/SyntheticRepo.java "$tenants" "$work"

# run LABEL CMD... : RUNS timed runs; records "seconds kilobytes" per line in $work/LABEL.times
run() {
  local label="$1"; shift
  : > "$work/$label.times"
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$work/t" "$@" > "$work/$label.out" 2> "$work/$label.err"
    cat "$work/t" >> "$work/$label.times"
  done
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
col() { awk -v c="$2" '{print $c}' "$work/$1.times" | median; }

run jig bin/jig compile "$work/policies" --out "$work/out"
run kustomize kubectl kustomize "$work/kustomize"
run lint bin/jig lint examples/acme/policies

jig_objects=$(ls "$work/out" | grep -cE '^(nodepool|ec2nodeclass)-')
kz_objects=$(grep -cE '^kind: (NodePool|EC2NodeClass)$' "$work/kustomize.out")
jig_s=$(col jig 1); kz_s=$(col kustomize 1); lint_s=$(col lint 1)
printf 'tenants: %s, runs: %s, java: %s\n' "$tenants" "$runs" "$(java -version 2>&1 | head -1)"
printf '%-28s %10s %14s %10s\n' "command" "median s" "median RSS MiB" "objects"
printf '%-28s %10.2f %14.0f %10s\n' "jig compile" "$jig_s" "$(echo "$(col jig 2)/1024" | bc -l)" "$jig_objects"
printf '%-28s %10.2f %14.0f %10s\n' "kubectl kustomize" "$kz_s" "$(echo "$(col kustomize 2)/1024" | bc -l)" "$kz_objects"
printf '%-28s %10.2f %14.0f %10s\n' "jig lint (example repo)" "$lint_s" "$(echo "$(col lint 2)/1024" | bc -l)" "-"
printf 'jig/kustomize wall-time ratio: %.2f\n' "$(echo "$jig_s/$kz_s" | bc -l)"
