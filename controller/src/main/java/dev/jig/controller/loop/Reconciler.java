package dev.jig.controller.loop;

/**
 * One step of the controller's loop: read the cluster, decide, act. Provisioning is one; disruption,
 * garbage collection and the provider's own controllers join the same list. A reconcile must be safe
 * to run again after a failure: it starts from a fresh snapshot every time.
 */
public interface Reconciler {

    /** A short name for logs and metrics, such as {@code provisioning}. */
    String name();

    void reconcile();

    /** A reconciler that runs {@code step}. */
    static Reconciler of(String name, Runnable step) {
        return new Reconciler() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void reconcile() {
                step.run();
            }
        };
    }
}
