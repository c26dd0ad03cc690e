package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;

/**
 * Network settings of an EC2NodeClass: explicit network interfaces (a primary
 * {@code interface} at card 0, device 0; unique card/device pairs; at most one EFA-only interface
 * per card) and connection tracking timeouts (at least one set).
 */
final class NetworkInterfaceRules {

    static final List<String> INTERFACE_TYPES = List.of("interface", "efa-only");
    private static final Set<String> INTERFACE = Set.of("deviceIndex", "interfaceType", "networkCardIndex");
    private static final Set<String> CONNECTION_TRACKING = Set.of("tcpEstablishedTimeout", "udpStreamTimeout", "udpTimeout");
    private static final int MAX_INTERFACES = 150;

    private NetworkInterfaceRules() {
    }

    static void check(ObjectNode spec, Pointer at, Checks checks) {
        interfaces(checks.array(spec, at, "networkInterfaces"), at.child("networkInterfaces"), checks);
        ObjectNode tracking = checks.object(spec, at, "connectionTracking");
        if (tracking != null) {
            Pointer t = at.child("connectionTracking");
            checks.closed(tracking, t, CONNECTION_TRACKING);
            checks.integer(tracking, t, "tcpEstablishedTimeout", 60, 432_000);
            checks.integer(tracking, t, "udpStreamTimeout", 60, 180);
            checks.integer(tracking, t, "udpTimeout", 30, 60);
            if (!Checks.has(tracking, "tcpEstablishedTimeout") && !Checks.has(tracking, "udpStreamTimeout")
                    && !Checks.has(tracking, "udpTimeout")) {
                checks.cel(t, CelRule.CONNECTION_TRACKING_NEEDS_TIMEOUT);
            }
        }
    }

    private static void interfaces(ArrayNode interfaces, Pointer at, Checks checks) {
        if (interfaces == null) {
            return;
        }
        checks.maxItems(interfaces, at, MAX_INTERFACES);
        boolean wellFormed = true;
        for (int i = 0; i < interfaces.size(); i++) {
            ObjectNode nic = checks.objectItem(interfaces.get(i), at.index(i));
            if (nic == null) {
                wellFormed = false;
                continue;
            }
            Pointer nicAt = at.index(i);
            checks.closed(nic, nicAt, INTERFACE);
            checks.required(nic, nicAt, "deviceIndex");
            checks.required(nic, nicAt, "interfaceType");
            checks.required(nic, nicAt, "networkCardIndex");
            Long device = checks.integer(nic, nicAt, "deviceIndex", 0, Long.MAX_VALUE);
            Long card = checks.integer(nic, nicAt, "networkCardIndex", 0, Long.MAX_VALUE);
            String type = checks.oneOf(nic, nicAt, "interfaceType", INTERFACE_TYPES);
            wellFormed &= device != null && card != null && type != null;
        }
        if (wellFormed) {
            relations(interfaces, at, checks);
        }
    }

    private static void relations(ArrayNode interfaces, Pointer at, Checks checks) {
        int n = interfaces.size();
        boolean primary = n == 0;
        for (int i = 0; i < n; i++) {
            JsonNode x = interfaces.get(i);
            long card = card(x);
            boolean efa = isEfa(x);
            primary |= card == 0 && device(x) == 0 && !efa;
            int samePair = 0;
            int efaOnCard = 0;
            for (int j = 0; j < n; j++) {
                JsonNode y = interfaces.get(j);
                if (card(y) == card) {
                    if (device(y) == device(x)) {
                        samePair++;
                    }
                    if (isEfa(y)) {
                        efaOnCard++;
                    }
                }
            }
            if (samePair != 1 || (efa && efaOnCard != 1)) {
                checks.cel(at.index(i), CelRule.NETWORK_INTERFACES_UNIQUE);
            }
        }
        if (!primary) {
            checks.cel(at, CelRule.NETWORK_INTERFACES_PRIMARY);
        }
    }

    private static long card(JsonNode nic) {
        return Checks.integerValue(nic.get("networkCardIndex"));
    }

    private static long device(JsonNode nic) {
        return Checks.integerValue(nic.get("deviceIndex"));
    }

    private static boolean isEfa(JsonNode nic) {
        return "efa-only".equals(nic.get("interfaceType").textValue());
    }
}
