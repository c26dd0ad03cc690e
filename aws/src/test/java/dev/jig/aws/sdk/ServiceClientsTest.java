package dev.jig.aws.sdk;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.regions.Region;

import static org.assertj.core.api.Assertions.assertThat;

class ServiceClientsTest {

    @Test
    void iamIsSignedForThePartitionsGlobalRegion() {
        assertThat(ServiceClients.globalRegion("eu-west-1")).isEqualTo(Region.AWS_GLOBAL);
        assertThat(ServiceClients.globalRegion("cn-north-1")).isEqualTo(Region.AWS_CN_GLOBAL);
        assertThat(ServiceClients.globalRegion("us-gov-west-1")).isEqualTo(Region.AWS_US_GOV_GLOBAL);
        assertThat(ServiceClients.globalRegion("us-iso-east-1")).isEqualTo(Region.AWS_ISO_GLOBAL);
        assertThat(ServiceClients.globalRegion("us-isob-east-1")).isEqualTo(Region.AWS_ISO_B_GLOBAL);
    }

    @Test
    void thePriceListIsAskedAtTheEndpointNearestTheCluster() {
        assertThat(ServiceClients.pricingRegion("eu-west-1")).isEqualTo(Region.EU_CENTRAL_1);
        assertThat(ServiceClients.pricingRegion("ap-northeast-1")).isEqualTo(Region.AP_SOUTH_1);
        assertThat(ServiceClients.pricingRegion("cn-north-1")).isEqualTo(Region.of("cn-northwest-1"));
        assertThat(ServiceClients.pricingRegion("us-west-2")).isEqualTo(Region.US_EAST_1);
    }
}
