package dev.jig.aws.userdata;

/**
 * What a node needs to join the cluster, written into its user data.
 *
 * @param name        the EKS cluster name
 * @param endpoint    the API server endpoint, {@code https://…}
 * @param caBundle    the cluster CA, base64 PEM as EKS shows it
 * @param serviceCidr the Kubernetes service CIDR
 * @param kubeDns     the ClusterIP of the {@code kube-system/kube-dns} Service as read at start, or null: then the
 *                    cluster DNS is the service CIDR's tenth address, as EKS assigns it
 */
public record ClusterInfo(String name, String endpoint, String caBundle, String serviceCidr, String kubeDns) {

    /** Without a kube-dns address read from the cluster. */
    public ClusterInfo(String name, String endpoint, String caBundle, String serviceCidr) {
        this(name, endpoint, caBundle, serviceCidr, null);
    }

    /**
     * The cluster DNS IP: the kube-dns Service's ClusterIP when it was read (as Karpenter does), else the tenth address
     * of the IPv4 service CIDR ({@code 10.100.0.0/16} → {@code 10.100.0.10}).
     */
    public String clusterDns() {
        if (kubeDns != null && !kubeDns.isBlank()) return kubeDns;
        String base = serviceCidr.substring(0, serviceCidr.indexOf('/'));
        String[] octets = base.split("\\.");
        return octets[0] + "." + octets[1] + "." + octets[2] + "." + (Integer.parseInt(octets[3]) + 10);
    }
}
