package dev.jig.aws.loopback;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The AWS Price List API on loopback, in its AWS JSON 1.1 protocol ({@code X-Amz-Target:
 * AWSPriceListService.GetProducts}): {@code GetProducts} for {@code AmazonEC2}, answering each product as the API does,
 * a JSON document in {@code PriceList} with its attributes and an on-demand term, paged by {@code MaxResults} (at most
 * 100) and {@code NextToken}. It refuses what the API refuses: another service code, a filter of another type than
 * {@code TERM_MATCH}, a page size out of range, a token it did not give. Filters on attributes the products carry are
 * applied; each region's products are set with {@link #price}, beside a dedicated-host product and a $0.00 placeholder
 * per region (the real list has both, and neither prices an instance).
 */
public final class LoopbackPricing extends JsonLoopbackService {

    private static final Set<String> ATTRIBUTES = Set.of("regionCode", "serviceCode", "operatingSystem", "preInstalledSw", "tenancy",
            "capacitystatus", "marketoption", "instanceType");

    private final Map<String, List<ObjectNode>> products = new LinkedHashMap<>();

    public LoopbackPricing() {
        super("AWSPriceListService", "1.1");
    }

    /** {@code instanceType} costs {@code usdPerHour} on demand in {@code region} (Linux, shared tenancy). */
    public synchronized LoopbackPricing price(String region, String instanceType, String usdPerHour) {
        List<ObjectNode> list = products.computeIfAbsent(region, r -> {
            List<ObjectNode> l = new ArrayList<>();
            l.add(product(r, "m5.large", "Dedicated", "0.1130000000", "Hrs"));
            l.add(product(r, "c5.large", "Shared", "0.0000000000", "Hrs"));
            return l;
        });
        list.add(product(region, instanceType, "Shared", usdPerHour, "Hrs"));
        return this;
    }

    private static ObjectNode product(String region, String type, String tenancy, String usd, String unit) {
        ObjectNode p = object();
        ObjectNode product = p.putObject("product").put("productFamily", "Compute Instance").put("sku", type + "-" + tenancy + "-" + usd);
        product.putObject("attributes").put("instanceType", type).put("regionCode", region).put("serviceCode", "AmazonEC2")
                .put("operatingSystem", "Linux").put("preInstalledSw", "NA").put("tenancy", tenancy).put("capacitystatus", "Used")
                .put("marketoption", "OnDemand");
        ObjectNode term = p.putObject("terms").putObject("OnDemand").putObject("SKU.JRTCKXETXF");
        term.put("offerTermCode", "JRTCKXETXF");
        term.putObject("priceDimensions").putObject("SKU.JRTCKXETXF.6YS6EN2CT7").put("unit", unit)
                .put("description", "$" + usd + " per On Demand Linux " + type + " Instance Hour").putObject("pricePerUnit").put("USD", usd);
        return p;
    }

    @Override
    protected ObjectNode perform(String action, JsonNode request) {
        if (!action.equals("GetProducts")) {
            throw new Refusal(400, "UnknownOperationException", "Action " + action + " is not supported by the loopback Price List API.");
        }
        return getProducts(request);
    }

    private synchronized ObjectNode getProducts(JsonNode request) {
        if (!"AmazonEC2".equals(request.path("ServiceCode").asText())) {
            throw new Refusal(400, "InvalidParameterException", "Input contains an invalid service code: " + request.path("ServiceCode").asText());
        }
        int max = request.path("MaxResults").asInt(100);
        if (max < 1 || max > 100) {
            throw new Refusal(400, "ValidationException", "1 validation error detected: Value '" + max + "' at 'maxResults' failed to satisfy constraint: "
                    + "Member must have value less than or equal to 100");
        }
        List<ObjectNode> matching = new ArrayList<>();
        for (List<ObjectNode> region : products.values()) {
            for (ObjectNode p : region) if (matches(p, request.path("Filters"))) matching.add(p);
        }
        int from = 0;
        if (request.hasNonNull("NextToken")) {
            String token = request.get("NextToken").asText();
            if (!token.startsWith("page-")) throw new Refusal(400, "InvalidNextTokenException", "The next token is invalid.");
            from = Integer.parseInt(token.substring("page-".length()));
        }
        ObjectNode result = object().put("FormatVersion", "aws_v1");
        ArrayNode list = result.putArray("PriceList");
        for (int i = from; i < Math.min(matching.size(), from + max); i++) list.add(matching.get(i).toString());
        if (from + max < matching.size()) result.put("NextToken", "page-" + (from + max));
        return result;
    }

    private static boolean matches(ObjectNode product, JsonNode filters) {
        JsonNode attributes = product.path("product").path("attributes");
        for (JsonNode f : filters) {
            if (!"TERM_MATCH".equals(f.path("Type").asText())) {
                throw new Refusal(400, "InvalidParameterException", "Input contains an invalid filter type: " + f.path("Type").asText());
            }
            String field = f.path("Field").asText();
            if (!ATTRIBUTES.contains(field)) continue;
            if (!attributes.path(field).asText().equalsIgnoreCase(f.path("Value").asText())) return false;
        }
        return true;
    }
}
