-- wrk script: POST one AdmissionReview (path and body file from the environment) and print
-- requests/s, p50/p99 latency (ms) and errors as one machine-readable line.
local f = assert(io.open(os.getenv("REVIEW_FILE"), "r"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.path = os.getenv("REVIEW_PATH") or "/validate"
wrk.headers["Content-Type"] = "application/json"

local non200 = 0
function response(status, headers, body)
  if status ~= 200 or not string.find(body, '"allowed":true', 1, true) then
    non200 = non200 + 1
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  local errors = e.connect + e.read + e.write + e.timeout + e.status
  io.write(string.format("RESULT rps=%.1f p50=%.3f p99=%.3f errors=%d requests=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    errors + non200, summary.requests))
end
