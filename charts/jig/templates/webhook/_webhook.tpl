{{/*
The parts every webhook of both configurations shares: fail closed, no side effects, v1 reviews
only, equivalent versions too, the Service path, and the exemptions by namespace name.
Arguments: root, path, timeout.
*/}}
{{- define "jig.webhook.common" -}}
admissionReviewVersions: [v1]
sideEffects: None
# Fail closed: a request the webhook cannot judge (down, slow, unreachable) is refused.
failurePolicy: Fail
matchPolicy: Equivalent
timeoutSeconds: {{ .timeout }}
clientConfig:
  service:
    namespace: {{ .root.Release.Namespace }}
    name: {{ include "jig.webhook.name" .root }}
    path: {{ .path }}
    port: 443
# kubernetes.io/metadata.name is set by the API server from the namespace's name, so no tenant can
# forge it; the same list is the webhook's --exempt-namespaces.
namespaceSelector:
  matchExpressions:
    - key: kubernetes.io/metadata.name
      operator: NotIn
      values:
        {{- range .root.Values.webhook.exemptNamespaces }}
        - {{ . }}
        {{- end }}
{{- end -}}
