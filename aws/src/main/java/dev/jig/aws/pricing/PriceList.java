package dev.jig.aws.pricing;

import java.util.Map;

/**
 * The AWS Price List API as Jig reads it: one question, the on-demand prices of a region. The port the
 * {@link PriceProvider} depends on ({@link SdkPriceList} over the SDK's {@code pricing} client); the IAM policy needs
 * {@code pricing:GetProducts} for it.
 */
public interface PriceList {

    /**
     * The on-demand price in USD per hour of every Linux instance type on shared tenancy in {@code region}, by type.
     *
     * @throws dev.jig.controller.cloud.CloudOperationException when the API cannot be read
     */
    Map<String, Double> onDemand(String region);
}
