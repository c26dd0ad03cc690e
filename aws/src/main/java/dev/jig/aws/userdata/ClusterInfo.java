package dev.jig.aws.userdata;

/**
 * What a node needs to join the cluster, written into its user data.
 *
 * @param name        the EKS cluster name
 * @param endpoint    the API server endpoint, {@code https://…}
 * @param caBundle    the cluster CA, base64 PEM as EKS shows it
 * @param serviceCidr the Kubernetes service CIDR; the cluster DNS is its tenth address
 */
public record ClusterInfo(String name, String endpoint, String caBundle, String serviceCidr) {

    /** The cluster DNS IP: the tenth address of the IPv4 service CIDR ({@code 10.100.0.0/16} → {@code 10.100.0.10}). */
    public String clusterDns() {
        String base = serviceCidr.substring(0, serviceCidr.indexOf('/'));
        String[] octets = base.split("\\.");
        return octets[0] + "." + octets[1] + "." + octets[2] + "." + (Integer.parseInt(octets[3]) + 10);
    }
}
