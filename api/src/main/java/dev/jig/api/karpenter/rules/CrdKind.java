package dev.jig.api.karpenter.rules;

import dev.jig.api.karpenter.ApiGroups;

/** The two Karpenter CRDs these rules implement. */
enum CrdKind {
    NODE_POOL(ApiGroups.KARPENTER_V1, "NodePool"),
    EC2_NODE_CLASS(ApiGroups.KARPENTER_AWS_V1, "EC2NodeClass");

    private final String apiVersion;
    private final String kind;

    CrdKind(String apiVersion, String kind) {
        this.apiVersion = apiVersion;
        this.kind = kind;
    }

    String apiVersion() {
        return apiVersion;
    }

    String kind() {
        return kind;
    }

    static CrdKind of(String apiVersion, String kind) {
        for (CrdKind k : values()) {
            if (k.apiVersion.equals(apiVersion) && k.kind.equals(kind)) {
                return k;
            }
        }
        return null;
    }
}
