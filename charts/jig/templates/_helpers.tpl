{{/* Labels every object of the release carries. */}}
{{- define "jig.labels" -}}
app.kubernetes.io/part-of: jig
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/*
The names are fixed, not derived from the release name: the programs' defaults name them
(the tenancy ConfigMap jig-system/jig-tenancy, the node labeller
system:serviceaccount:jig-system:jig-controller, the Lease jig-system/jig-controller), and the
webhook configurations are cluster-scoped, so there is one Jig per cluster.
*/}}
{{- define "jig.webhook.name" -}}jig-webhook{{- end -}}
{{- define "jig.controller.name" -}}jig-controller{{- end -}}
{{- /* cert-manager's Certificate Secret, or the webhook's own in self-managed mode (never the same: the webhook does not write a Secret it does not own) */ -}}
{{- define "jig.webhook.tlsSecret" -}}{{ if eq .Values.certificates.mode "self-managed" }}jig-webhook-self-managed-tls{{ else }}jig-webhook-tls{{ end }}{{- end -}}
{{- define "jig.webhook.host" -}}{{ include "jig.webhook.name" . }}.{{ .Release.Namespace }}.svc{{- end -}}

{{- define "jig.image" -}}
{{ .image.repository }}:{{ .image.tag | default .root.Chart.AppVersion }}
{{- end -}}

{{/* Fails the render with a clear message for values the schema cannot judge alone. */}}
{{- define "jig.validate" -}}
{{- /* helm lint renders with no namespace; install, upgrade and template always have one */ -}}
{{- if and .Release.Namespace (ne .Release.Namespace "jig-system") -}}
{{- fail (printf "install Jig into the namespace jig-system, not %q: the tenancy ConfigMap is jig-system/jig-tenancy and the webhook's default node labellers name jig-system:jig-controller (helm install jig charts/jig -n jig-system --create-namespace)" .Release.Namespace) -}}
{{- end -}}
{{- if and .Values.webhook.enabled (not (has (.Release.Namespace | default "jig-system") .Values.webhook.exemptNamespaces)) -}}
{{- fail (printf "webhook.exemptNamespaces must contain the release namespace %s: the webhook cannot admit its own pods while it is down" .Release.Namespace) -}}
{{- end -}}
{{- if and .Values.controller.enabled (not .Values.controller.cloud) -}}
{{- fail "controller.cloud is not set: choose aws (EC2; set controller.aws too) or sim (the simulated cloud: NodeClaims are written, no instance starts, for trying the chart)" -}}
{{- end -}}
{{- if and .Values.controller.enabled (eq .Values.controller.cloud "sim") (or .Values.controller.aws.clusterName .Values.controller.aws.region) -}}
{{- fail "controller.cloud is sim but controller.aws names a cluster or region: on a real cluster choose aws (sim writes NodeClaims that never become nodes)" -}}
{{- end -}}
{{- if and .Values.controller.enabled (eq .Values.controller.cloud "aws") -}}
{{- $aws := .Values.controller.aws -}}
{{- if or (not $aws.clusterName) (not $aws.region) (not $aws.clusterEndpoint) (not $aws.clusterCABundle) (not $aws.serviceCIDR) -}}
{{- fail "controller.cloud is aws: set controller.aws.clusterName, region, clusterEndpoint, clusterCABundle and serviceCIDR (the controller refuses to start without them)" -}}
{{- end -}}
{{- end -}}
{{- if not (or .Values.webhook.enabled .Values.controller.enabled) -}}
{{- fail "webhook.enabled and controller.enabled are both false: nothing to install" -}}
{{- end -}}
{{- end -}}

{{/* Topology spread over hostnames and zones, for the pods selected by the given labels. */}}
{{- define "jig.spread" -}}
- maxSkew: 1
  topologyKey: kubernetes.io/hostname
  whenUnsatisfiable: {{ .spread.hostname }}
  labelSelector:
    matchLabels:
      app.kubernetes.io/name: {{ .name }}
- maxSkew: 1
  topologyKey: topology.kubernetes.io/zone
  whenUnsatisfiable: {{ .spread.zone }}
  labelSelector:
    matchLabels:
      app.kubernetes.io/name: {{ .name }}
{{- end -}}

{{/* The container security context both programs run with. */}}
{{- define "jig.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
capabilities:
  drop: [ALL]
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/*
Logging: JIG_LOG_FORMAT picks logback's appender (json | text), JIG_LOG_LEVELS_FILE the
properties file with the root level and the levels per logger (ConfigMap jig-logging).
*/}}
{{- define "jig.loggingEnv" -}}
- name: JIG_LOG_FORMAT
  value: {{ .Values.logging.format | quote }}
- name: JIG_LOG_LEVEL
  value: {{ .Values.logging.level | quote }}
- name: JIG_LOG_LEVELS_FILE
  value: /etc/jig/logging/levels.properties
{{- end -}}
