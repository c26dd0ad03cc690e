#!/usr/bin/env bash
# Builds, pushes and signs the three images of a release, multi-arch (linux/amd64, linux/arm64), each with an SBOM
# and provenance attestation (buildx), then signs each by digest with cosign (keyless, the workflow's OIDC identity).
# Image names come from release/images.env. Run from the repository root after `mvn -B package` built the jars.
#
#   release/build-images.sh VERSION            build, push, sign
#   release/build-images.sh --dry-run VERSION  print the commands instead (tested by ReleaseTest)
set -euo pipefail
cd "$(dirname "$0")/.."
DRY_RUN=false
if [[ "${1:-}" == "--dry-run" ]]; then
  DRY_RUN=true
  shift
fi
run() { if $DRY_RUN; then printf '%s\n' "$*"; else "$@"; fi; }
VERSION="${1:?usage: release/build-images.sh [--dry-run] VERSION}"
if [[ ! "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
  echo "release/build-images.sh: '$VERSION' is not a version such as 1.2.3" >&2
  exit 2
fi
# shellcheck source=release/images.env
source release/images.env
PLATFORMS=linux/amd64,linux/arm64
build() { # image dockerfile
  local image="$1:$VERSION" digest_file
  digest_file="$(mktemp)"
  run docker buildx build --platform "$PLATFORMS" --sbom=true --provenance=true --push \
    --metadata-file "$digest_file" -f "$2" -t "$image" .
  local digest="<digest of $image>"
  $DRY_RUN || digest="$(sed -n 's/.*"containerimage.digest": *"\([^"]*\)".*/\1/p' "$digest_file")"
  run cosign sign --yes "$1@$digest"
  rm -f "$digest_file"
}
build "$WEBHOOK_IMAGE" webhook/Dockerfile
build "$CONTROLLER_IMAGE" controller-app/Dockerfile
build "$ARGOCD_PLUGIN_IMAGE" examples/argocd/Dockerfile
