#!/usr/bin/env bash
# Snapshot benchmark: what one cluster snapshot costs in `jig-controller run` (kube.SnapshotBenchmark). Typical pods
# and Nodes as fabric8 objects, as the informers hold them; medians of (a) the old way, every object converted to
# JSON and read into the model at every snapshot, (b) a snapshot after one pod changed, now that informer events keep
# the models (kube.ModelCache), and (c) one with nothing changed; at 5,000 pods / 500 nodes and 20,000 / 2,000.
#
#   bench/snapshot.sh              (RUNS=7, SIZES=5000:500,20000:2000)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl controller -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="controller/target/test-classes:controller/target/classes:$(cat controller/target/bench.classpath)"
exec java -Xmx512m -XX:+UseParallelGC -cp "$cp" dev.jig.controller.kube.SnapshotBenchmark "${RUNS:-7}" "${SIZES:-5000:500,20000:2000}"
