#!/usr/bin/env bash
# EC2 call budget benchmark: the EC2 calls the aws provider makes, counted by the loopback EC2 endpoint.
# Steady state: one minute of 1 s controller ticks (list, isDrifted per NodeClaim, instanceTypes) at each
# size; scale-up: 100 NodeClaims launched from 10 threads with LATENCY_MS added to every EC2 call.
#
#   bench/ec2-calls.sh            (LATENCY_MS=300, SIZES=50,500)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -o -pl aws -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="aws/target/test-classes:aws/target/classes:$(cat aws/target/bench.classpath)"
exec java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$cp" dev.jig.aws.bench.Ec2CallsBenchmark "${LATENCY_MS:-300}" "${SIZES:-50,500}"
