package dev.jig.api.karpenter.rules;

/**
 * The API server's own name checks (apimachinery's validation package), written as linear scans:
 * DNS-1123 subdomains for object names, qualified names for label and annotation keys, label values.
 */
final class KubernetesNames {

    static final int MAX_SUBDOMAIN = 253;
    static final int MAX_LABEL_NAME = 63;

    private KubernetesNames() {
    }

    /** {@code [a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*}, at most 253 characters. */
    static boolean isDnsSubdomain(String s) {
        return s.length() <= MAX_SUBDOMAIN && hasDnsSubdomainShape(s);
    }

    /** {@code [a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*}, any length. */
    static boolean hasDnsSubdomainShape(String s) {
        if (s.isEmpty()) {
            return false;
        }
        char prev = '.';
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            if (c == '.') {
                if (prev == '.' || prev == '-') {
                    return false;
                }
            } else if (c == '-') {
                if (prev == '.') {
                    return false;
                }
            } else if (!alnum) {
                return false;
            }
            prev = c;
        }
        return prev != '.' && prev != '-';
    }

    /** {@code ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]}, at most 63 characters. */
    static boolean isLabelName(String s) {
        return s.length() <= MAX_LABEL_NAME && hasLabelNameShape(s);
    }

    /** {@code ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]}, any length. */
    static boolean hasLabelNameShape(String s) {
        int n = s.length();
        if (n == 0 || !isAlphanumeric(s.charAt(0)) || !isAlphanumeric(s.charAt(n - 1))) {
            return false;
        }
        for (int i = 1; i < n - 1; i++) {
            char c = s.charAt(i);
            if (!isAlphanumeric(c) && c != '-' && c != '_' && c != '.') {
                return false;
            }
        }
        return true;
    }

    /** A label value: empty, or a label name. */
    static boolean isLabelValue(String s) {
        return s.isEmpty() || isLabelName(s);
    }

    /** A label or annotation key: an optional DNS-subdomain prefix and '/', then a label name. */
    static boolean isQualifiedName(String s) {
        int slash = s.indexOf('/');
        if (slash < 0) {
            return isLabelName(s);
        }
        return s.indexOf('/', slash + 1) < 0
                && isDnsSubdomain(s.substring(0, slash))
                && isLabelName(s.substring(slash + 1));
    }

    private static boolean isAlphanumeric(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
