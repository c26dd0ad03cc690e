#!/usr/bin/env bash
# `jig-controller run` measured as it runs in a cluster (RunBenchmark): the shaded jar in its own JVM with the chart's
# GC and heap, against fabric8's mock API server and the loopback EC2 with CREATE_MS added to every EC2 call, and an
# emulated kubelet, kube-scheduler, ReplicaSets and Eviction API. Karpenter's performance-suite basic (PODS pods, then
# 70% of them), with the pod-latency probe between (alone, then under FLOODS floods of 100 pods that each need a node),
# then one quiet minute. Prints per phase the wall time, nodes, the controller's peak and p95 RSS, its average cores,
# the EC2 calls, and upstream's thresholds; then the probes' latency and the quiet minute's EC2 calls.
#
#   bench/run.sh                 (PODS=1000 CREATE_MS=300 FLOODS=3 CONSOLIDATE_LIMIT=600)
#   CONTROLLER_JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 bench/run.sh   (the controller on another JDK, such as the
#                                image's; by default the JDK that runs this script)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl controller-app -am package -DskipTests dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="controller-app/target/test-classes:$(cat controller-app/target/bench.classpath)"
exec java -Xmx1g ${CONTROLLER_JAVA_HOME:+-Djig.controller.java.home=$CONTROLLER_JAVA_HOME} -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$cp" dev.jig.controller.app.bench.RunBenchmark \
  controller-app/target/jig-controller.jar "${PODS:-1000}" "${CREATE_MS:-300}" "${FLOODS:-3}" "${CONSOLIDATE_LIMIT:-600}"
