package dev.jig.controller.testing;

import dev.jig.controller.cloud.CloudProvider;

import java.util.function.Supplier;

/** {@link dev.jig.controller.cloud.ForwardingCloud} under the name the tests have always used. */
public class ForwardingCloud extends dev.jig.controller.cloud.ForwardingCloud {

    public ForwardingCloud(CloudProvider next) {
        super(next);
    }

    public ForwardingCloud(Supplier<CloudProvider> next) {
        super(next);
    }
}
