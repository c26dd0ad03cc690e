/**
 * The Jig controller: Karpenter-style provisioning for a multi-tenant cluster. Packages follow the
 * pipeline cluster state → scheduling simulation → decisions → actuators: {@code model} (pure
 * domain values and Karpenter's node sizing), {@code scheduling} (the requirement algebra and the
 * pure scheduler), {@code cloud} (the cloud provider port and its simulated implementation),
 * {@code provisioning} (batching, the provisioner and the NodeClaim lifecycle), {@code simulate}
 * (an embedded in-memory cluster on a simulated clock), {@code kube} (the fabric8 adapter) and
 * {@code cli}. Core packages never import fabric8, the clock of the machine or I/O.
 */
package dev.jig.controller;
