package dev.jig.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** values.schema.json and the chart's own checks refuse bad values with a message that names what is wrong. */
class ValuesSchemaTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "webhook: {replica: 3}                               | replica",
            "controler: {enabled: false}                         | controler",
            "logging: {format: xml}                              | format",
            "logging: {levels: {dev.jig: LOUD}}                  | dev.jig",
            "certificates: {mode: vault}                         | mode",
            "controller: {cloud: gcp}                            | cloud",
            "controller: {replicas: \"2\"}                       | replicas",
            "controller: {metrics: {serviceMonitor: {enable: true}}} | enable",
            "webhook: {breakGlass: [platform-emergency]}         | breakGlass",
            "webhook: {timeoutSeconds: {pods: 31}}               | pods",
            "controller: {serviceAccount: {roleArn: my-role}}    | roleArn",
            "controller: {syncTimeout: 5min}                     | syncTimeout",
            "webhook: {tolerations: [{key: a, efect: NoSchedule}]} | efect",
    })
    void aTypoOrAWrongValueIsRefusedByTheSchema(String values, String named) {
        assertThatThrownBy(() -> JigChart.templateInline(values)).hasMessageContaining("values don't meet the specifications of the schema")
                .hasMessageContaining(named);
    }

    @Test
    void theAwsCloudNeedsEverySettingTheControllerRequires() {
        assertThatThrownBy(() -> JigChart.templateInline("controller: {cloud: aws}"))
                .hasMessageContaining("clusterName");
        // the controller exits 2 without the endpoint, its CA and the service CIDR: refused at render time instead
        assertThatThrownBy(() -> JigChart.templateInline("controller: {cloud: aws, aws: {clusterName: c, region: eu-west-1}}"))
                .hasMessageContaining("clusterEndpoint, clusterCABundle and serviceCIDR");
        assertThat(JigChart.templateInline("controller: {cloud: aws, aws: {clusterName: c, region: eu-west-1,"
                + " clusterEndpoint: 'https://x.eks.amazonaws.com', clusterCABundle: Y2E=, serviceCIDR: 172.20.0.0/16}}"))
                .contains("JIG_CLUSTER_NAME", "JIG_CLUSTER_ENDPOINT", "JIG_SERVICE_CIDR");
    }

    @Test
    void theCloudHasNoDefaultAndTheSimulatedOneIsRefusedBesideAnAwsCluster() {
        assertThatThrownBy(() -> JigChart.templateInline("{}"))
                .hasMessageContaining("controller.cloud is not set: choose aws").hasMessageContaining("or sim");
        assertThatThrownBy(() -> JigChart.templateInline("controller: {cloud: sim, aws: {clusterName: prod-eu}}"))
                .hasMessageContaining("controller.cloud is sim but controller.aws names a cluster or region");
        assertThat(JigChart.templateInline("controller: {cloud: sim}")).contains("jig-controller");
        assertThat(JigChart.templateInline("controller: {enabled: false}")).as("no controller, no cloud to choose").contains("jig-webhook");
    }

    @Test
    void anotherNamespaceIsRefusedWithTheReason() {
        assertThatThrownBy(() -> JigChart.template(List.of(JigChart.values("defaults")), "default"))
                .hasMessageContaining("install Jig into the namespace jig-system, not \"default\"");
    }

    @Test
    void theExemptNamespacesMustIncludeTheReleaseNamespace() {
        assertThatThrownBy(() -> JigChart.templateInline("webhook: {exemptNamespaces: [kube-system]}"))
                .hasMessageContaining("webhook.exemptNamespaces must contain the release namespace jig-system");
    }

    @Test
    void switchingEverythingOffIsRefused() {
        assertThatThrownBy(() -> JigChart.templateInline("webhook: {enabled: false}\ncontroller: {enabled: false}"))
                .hasMessageContaining("nothing to install");
    }
}
