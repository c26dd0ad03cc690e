package dev.jig.controller.provisioning;

/** Where decisions go: the simulate timeline, or the controller's log. */
@FunctionalInterface
public interface DecisionLog {

    void record(Decision decision);

    /** Logs decisions as SLF4J lines at info level. */
    static DecisionLog slf4j() {
        org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger("dev.jig.controller.decisions");
        return d -> log.info("{} {} {}", d.kind(), d.subject(), d.message());
    }
}
