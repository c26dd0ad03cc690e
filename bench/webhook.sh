#!/usr/bin/env bash
# Admission webhook benchmark: wrk posts pod-CREATE AdmissionReviews over TLS on loopback to the
# webhook started from the compiled example (no cluster: --manifests), with the full rules
# (/validate, /mutate) and against a no-op handler on the same server stack (/noop: same TLS,
# Jetty, Javalin, AdmissionReview decoding and encoding, no rules), interleaved in the same run.
# Prints the median of RUNS runs of requests/s, p50/p99 latency, errors, the ratio to no-op and the
# server's peak RSS.
#
#   bench/webhook.sh            # RUNS=3 DURATION=10 CONNECTIONS=8 THREADS=1
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-8}
THREADS=${THREADS:-1}
PORT=${PORT:-18443}
JAVA_OPTS=${JAVA_OPTS:-"-Xms64m -Xmx128m -XX:+UseSerialGC -XX:MaxMetaspaceSize=96m -XX:ReservedCodeCacheSize=48m -Xss512k -XX:MaxDirectMemorySize=32m"}

if ! command -v wrk >/dev/null; then
  echo "installing wrk" >&2
  (apt-get install -y wrk >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; })
fi
[ -f webhook/target/jig-webhook.jar ] && [ -f cli/target/jig.jar ] || mvn -B -q -DskipTests package

work=$(mktemp -d)
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
bin/jig compile examples/acme/policies --out "$work/manifests" >/dev/null 2>&1
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$work/tls.key" -out "$work/tls.crt" >/dev/null 2>&1

# shellcheck disable=SC2086
java $JAVA_OPTS -jar webhook/target/jig-webhook.jar --manifests "$work/manifests" --tls-cert "$work/tls.crt" \
  --tls-key "$work/tls.key" --host 127.0.0.1 --port "$PORT" --noop-endpoint >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  curl -skf "https://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -skf "https://127.0.0.1:$PORT/readyz" >/dev/null || { cat "$work/server.log"; exit 2; }

export REVIEW_FILE=bench/webhook/pod-create.json
run() { # path seconds -> RESULT line
  REVIEW_PATH=$1 wrk -t"$THREADS" -c"$CONNECTIONS" -d"$2"s -s bench/webhook/post.lua "https://127.0.0.1:$PORT" | grep RESULT
}
# warm-up: JIT-compile all three paths
for p in /noop /validate /mutate; do run "$p" 5 >/dev/null; done

: >"$work/results"
for r in $(seq 1 "$RUNS"); do
  for p in /noop /validate /mutate; do
    echo "$p $(run "$p" "$DURATION")" | tee -a "$work/results" >&2
  done
done
rss=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")

python3 - "$work/results" "$rss" "$RUNS" <<'PY'
import re, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    path = line.split()[0]
    vals = dict(kv.split("=") for kv in re.findall(r"\w+=[\d.]+", line))
    rows.setdefault(path, []).append({k: float(v) for k, v in vals.items()})
med = {p: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for p, rs in rows.items()}
noop = med["/noop"]["rps"]
print(f"webhook benchmark: medians of {sys.argv[3]} runs, pod CREATE AdmissionReview over TLS (loopback)")
print("| endpoint | reviews/s | p50 ms | p99 ms | errors | vs no-op |")
print("|---|---|---|---|---|---|")
for p in ["/validate", "/mutate", "/noop"]:
    m = med[p]
    print(f"| {p} | {m['rps']:.0f} | {m['p50']:.2f} | {m['p99']:.2f} | {m['errors']:.0f} | {m['rps'] / noop:.2f} |")
print(f"server peak RSS (VmHWM): {int(sys.argv[2]) / 1024:.0f} MiB")
PY
