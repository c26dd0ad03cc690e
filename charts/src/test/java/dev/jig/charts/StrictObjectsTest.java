package dev.jig.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The strict parse has teeth: what fabric8 would silently keep or coerce is refused. */
class StrictObjectsTest {

    private static Map<String, Object> one(String yaml) {
        return JigChart.documents(yaml).get(0);
    }

    @Test
    void aWellFormedDeploymentParses() {
        Object d = StrictObjects.parse(one("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: a}\nspec: {replicas: 3, selector: {matchLabels: {a: b}}}\n"));
        assertThat(((Deployment) d).getSpec().getReplicas()).isEqualTo(3);
    }

    @Test
    void anUnknownFieldFailsAndIsNamed() {
        assertThatThrownBy(() -> StrictObjects.parse(one("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: a}\nspec: {replica: 3}\n")))
                .hasMessageContaining("Deployment a").hasMessageContaining("replica");
    }

    @Test
    void aFieldInTheWrongPlaceFails() {
        assertThatThrownBy(() -> StrictObjects.parse(one(
                "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: a}\nspec: {template: {spec: {containers: [{name: c, readOnlyRootFilesystem: true}]}}}\n")))
                .hasMessageContaining("readOnlyRootFilesystem");
    }

    @Test
    void aValueOfTheWrongTypeFails() {
        assertThatThrownBy(() -> StrictObjects.parse(one("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: a}\nspec: {replicas: \"3\"}\n")))
                .hasMessageContaining("replicas");
        assertThatThrownBy(() -> StrictObjects.parse(one(
                "apiVersion: v1\nkind: ServiceAccount\nmetadata: {name: a}\nautomountServiceAccountToken: \"false\"\n")))
                .hasMessageContaining("automountServiceAccountToken");
    }

    @Test
    void extensionKindsAreCheckedAgainstTheirCrdFieldsAndEnums() {
        assertThatThrownBy(() -> StrictObjects.parse(one(
                "apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata: {name: a}\nspec: {secretName: s, issuerRef: {name: i}, dnsName: [x]}\n")))
                .hasMessageContaining("dnsName");
        assertThatThrownBy(() -> StrictObjects.parse(one(
                "apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata: {name: a}\nspec: {secretName: s, issuerRef: {name: i}, privateKey: {algorithm: DSA}}\n")))
                .hasMessageContaining("DSA");
        assertThatThrownBy(() -> StrictObjects.parse(one("apiVersion: cert-manager.io/v1\nkind: Issuer\nmetadata: {name: a}\nspec: {}\n")))
                .hasMessageContaining("exactly one of spec.selfSigned and spec.ca");
        assertThatThrownBy(() -> StrictObjects.parse(one(
                "apiVersion: monitoring.coreos.com/v1\nkind: ServiceMonitor\nmetadata: {name: a}\nspec: {selector: {}, endpoints: [{port: p, intervall: 30s}]}\n")))
                .hasMessageContaining("intervall");
    }

    @Test
    void anUnknownKindFails() {
        assertThatThrownBy(() -> StrictObjects.parse(one("apiVersion: batch/v1\nkind: Job\nmetadata: {name: a}\n")))
                .hasMessageContaining("batch/v1/Job");
    }
}
