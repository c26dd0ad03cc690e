package dev.jig.aws.pricing;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A GetProducts entry read for its type and hourly on-demand price, as the API writes them. */
class OnDemandProductsTest {

    private static String product(String type, String unit, String usd) {
        return """
                {"product":{"productFamily":"Compute Instance","attributes":{"instanceType":"%s","regionCode":"eu-west-1"},"sku":"X"},
                 "serviceCode":"AmazonEC2",
                 "terms":{"OnDemand":{"X.JRTCKXETXF":{"priceDimensions":{"X.JRTCKXETXF.6YS6EN2CT7":{"unit":"%s","pricePerUnit":{"USD":"%s"}}},
                   "offerTermCode":"JRTCKXETXF"}}},"version":"20261120","publicationDate":"2026-11-20T00:00:00Z"}
                """.formatted(type, unit, usd);
    }

    @Test
    void anHourlyOnDemandPriceIsRead() {
        assertThat(OnDemandProducts.parse(product("m5.large", "Hrs", "0.1070000000"))).contains(new OnDemandProducts.Price("m5.large", 0.107));
    }

    @Test
    void whatPricesNoInstanceByTheHourIsNothing() {
        assertThat(OnDemandProducts.parse(product("m5.large", "Quantity", "700"))).isEmpty();
        assertThat(OnDemandProducts.parse(product("m5.large", "Hrs", "0.0000000000"))).isEmpty();
        assertThat(OnDemandProducts.parse(product("m5.large", "Hrs", "n/a"))).isEmpty();
        assertThat(OnDemandProducts.parse(product("", "Hrs", "0.1"))).isEmpty();
        assertThat(OnDemandProducts.parse("{\"product\":{\"attributes\":{\"instanceType\":\"m5.large\"}},\"terms\":{\"Reserved\":{}}}")).isEmpty();
        assertThat(OnDemandProducts.parse("not json")).isEmpty();
    }
}
