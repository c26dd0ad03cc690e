package dev.jig.aws.pricing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.Iterator;
import java.util.Optional;

/**
 * One product of a GetProducts answer (a JSON document per product, in the {@code PriceList} array) read for what Jig
 * needs: its {@code product.attributes.instanceType} and the hourly USD price of its on-demand term. A product
 * without an instance type, an on-demand term, an hourly dimension or a positive price yields nothing (the Price List
 * carries dedicated hosts, reservations and $0.00 placeholders beside instances).
 */
public final class OnDemandProducts {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** An instance type and its on-demand price in USD per hour. */
    public record Price(String instanceType, double perHour) {
    }

    private OnDemandProducts() {
    }

    /** The type and price of {@code product}, a PriceList entry; empty when it prices no instance by the hour. */
    public static Optional<Price> parse(String product) {
        JsonNode root;
        try {
            root = JSON.readTree(product);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
        String type = root.path("product").path("attributes").path("instanceType").asText("");
        if (type.isEmpty()) return Optional.empty();
        for (Iterator<JsonNode> terms = root.path("terms").path("OnDemand").elements(); terms.hasNext(); ) {
            for (Iterator<JsonNode> dims = terms.next().path("priceDimensions").elements(); dims.hasNext(); ) {
                JsonNode d = dims.next();
                if (!d.path("unit").asText("").startsWith("Hr")) continue;
                try {
                    double usd = Double.parseDouble(d.path("pricePerUnit").path("USD").asText(""));
                    if (usd > 0 && Double.isFinite(usd)) return Optional.of(new Price(type, usd));
                } catch (NumberFormatException e) {
                    // a dimension without a readable USD price prices nothing
                }
            }
        }
        return Optional.empty();
    }
}
