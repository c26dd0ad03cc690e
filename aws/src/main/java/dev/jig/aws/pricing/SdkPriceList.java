package dev.jig.aws.pricing;

import dev.jig.aws.sdk.AwsErrors;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.pricing.PricingClient;
import software.amazon.awssdk.services.pricing.model.Filter;
import software.amazon.awssdk.services.pricing.model.FilterType;
import software.amazon.awssdk.services.pricing.model.GetProductsRequest;
import software.amazon.awssdk.services.pricing.model.GetProductsResponse;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link PriceList} over the SDK's Price List client: GetProducts for service {@code AmazonEC2}, filtered as
 * Karpenter filters it (the region, Linux without pre-installed software, shared tenancy, capacity in use, on-demand),
 * every page followed. Where a type has more than one price, the lowest is kept.
 */
public final class SdkPriceList implements PriceList {

    private static final int PAGE = 100;

    private final PricingClient pricing;

    public SdkPriceList(PricingClient pricing) {
        this.pricing = pricing;
    }

    @Override
    public Map<String, Double> onDemand(String region) {
        List<Filter> filters = List.of(term("regionCode", region), term("serviceCode", "AmazonEC2"), term("operatingSystem", "Linux"),
                term("preInstalledSw", "NA"), term("tenancy", "Shared"), term("capacitystatus", "Used"), term("marketoption", "OnDemand"));
        Map<String, Double> prices = new HashMap<>();
        String token = null;
        try {
            do {
                GetProductsResponse page = pricing.getProducts(GetProductsRequest.builder().serviceCode("AmazonEC2").filters(filters)
                        .formatVersion("aws_v1").maxResults(PAGE).nextToken(token).build());
                for (String product : page.priceList()) {
                    OnDemandProducts.parse(product).ifPresent(p -> prices.merge(p.instanceType(), p.perHour(), Math::min));
                }
                token = page.nextToken();
            } while (token != null && !token.isEmpty());
        } catch (SdkException e) {
            throw AwsErrors.toCloud("Pricing", "GetProducts", region, e);
        }
        return Map.copyOf(prices);
    }

    private static Filter term(String field, String value) {
        return Filter.builder().type(FilterType.TERM_MATCH).field(field).value(value).build();
    }
}
