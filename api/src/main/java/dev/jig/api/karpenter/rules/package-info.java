/**
 * Jig's own rule set for Karpenter v1.14.1 objects: the OpenAPI schema, the patterns and every
 * {@code x-kubernetes-validations} CEL rule of the {@code NodePool} (karpenter.sh/v1) and
 * {@code EC2NodeClass} (karpenter.k8s.aws/v1) CRDs, written by hand and checked against the CRDs
 * by a contract test. The compiler runs them on every object it emits; the admission webhook runs
 * the same rules on raw objects. Entry points: {@link dev.jig.api.karpenter.rules.KarpenterRules}
 * and {@link dev.jig.api.karpenter.rules.KarpenterDefaults}.
 */
package dev.jig.api.karpenter.rules;
