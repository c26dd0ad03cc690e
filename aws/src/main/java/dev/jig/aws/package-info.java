/**
 * The EC2 implementation of the controller's cloud port. Only this module imports the AWS SDK; its
 * {@code sdk} package lists the calls used, and every SDK error is mapped there to the port's typed
 * errors. See {@code ARCHITECTURE.md} for the package map.
 */
package dev.jig.aws;
