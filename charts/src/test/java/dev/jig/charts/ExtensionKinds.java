package dev.jig.charts;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.List;

/**
 * The cert-manager (cert-manager.io/v1) and Prometheus Operator (monitoring.coreos.com/v1) kinds
 * the chart renders, as records of the fields their CRDs define that the chart may use, with the
 * CRDs' enums as Java enums. {@link StrictObjects} reads them with unknown fields refused, so a
 * field the CRD does not have, or one the chart should not set, fails the test. Field names and
 * enum values follow the upstream CRDs (cert-manager v1.16, prometheus-operator v0.78).
 */
final class ExtensionKinds {

    private ExtensionKinds() {
    }

    enum IssuerKind { Issuer, ClusterIssuer }

    enum KeyAlgorithm { RSA, ECDSA, Ed25519 }

    enum RotationPolicy { Never, Always }

    enum Scheme { http, https }

    record IssuerRef(String name, IssuerKind kind, String group) {
    }

    record PrivateKey(KeyAlgorithm algorithm, Integer size, RotationPolicy rotationPolicy, String encoding) {
    }

    /** cert-manager's {@code selfSigned: {}}: an empty object, with its one optional field. */
    record SelfSigned(List<String> crlDistributionPoints) {
    }

    record CaIssuer(String secretName, List<String> crlDistributionPoints, List<String> ocspServers) {
    }

    record IssuerSpec(SelfSigned selfSigned, CaIssuer ca) {
    }

    record Issuer(String apiVersion, String kind, ObjectMeta metadata, IssuerSpec spec) {
        Issuer {
            if (spec == null || (spec.selfSigned() == null) == (spec.ca() == null)) {
                throw new IllegalArgumentException("an Issuer needs exactly one of spec.selfSigned and spec.ca");
            }
        }
    }

    record CertificateSpec(String secretName, String commonName, List<String> dnsNames, Boolean isCA, String duration, String renewBefore,
            IssuerRef issuerRef, PrivateKey privateKey, List<String> usages) {
    }

    record Certificate(String apiVersion, String kind, ObjectMeta metadata, CertificateSpec spec) {
        Certificate {
            if (spec == null || spec.secretName() == null || spec.issuerRef() == null || spec.issuerRef().name() == null) {
                throw new IllegalArgumentException("a Certificate needs spec.secretName and spec.issuerRef.name");
            }
        }
    }

    record NamespaceSelector(Boolean any, List<String> matchNames) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Endpoint(String port, String path, Scheme scheme, String interval, String scrapeTimeout, Boolean honorLabels, TlsConfig tlsConfig) {
    }

    /** The Prometheus Operator's SafeTLSConfig, the fields the chart sets. */
    record TlsConfig(String serverName, SecretOrConfigMap ca, Boolean insecureSkipVerify) {
    }

    record SecretOrConfigMap(SecretKeySelector secret) {
    }

    record SecretKeySelector(String name, String key) {
    }

    record ServiceMonitorSpec(LabelSelector selector, NamespaceSelector namespaceSelector, List<Endpoint> endpoints, String jobLabel) {
        ServiceMonitorSpec {
            if (selector == null || endpoints == null || endpoints.isEmpty()) {
                throw new IllegalArgumentException("a ServiceMonitor needs spec.selector and at least one endpoint");
            }
        }
    }

    record ServiceMonitor(String apiVersion, String kind, ObjectMeta metadata, ServiceMonitorSpec spec) {
    }

    /** One alerting rule of a PrometheusRule group. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Rule(String alert, String expr, @com.fasterxml.jackson.annotation.JsonProperty("for") String forDuration, java.util.Map<String, String> labels,
                java.util.Map<String, String> annotations) {
        Rule {
            if (alert == null || alert.isEmpty() || expr == null || expr.isEmpty()) throw new IllegalArgumentException("a rule needs alert and expr");
        }
    }

    record RuleGroup(String name, List<Rule> rules) {
    }

    record PrometheusRuleSpec(List<RuleGroup> groups) {
    }

    record PrometheusRule(String apiVersion, String kind, ObjectMeta metadata, PrometheusRuleSpec spec) {
    }
}
