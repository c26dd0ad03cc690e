package dev.jig.controller.loop;

/** Where decisions go: the simulate timeline, or the controller's log. */
@FunctionalInterface
public interface Timeline {

    void record(TimelineEvent decision);

    /** Logs decisions as SLF4J lines at info level. */
    static Timeline slf4j() {
        org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger("dev.jig.controller.decisions");
        return d -> log.info("{} {} {}", d.kind(), d.subject(), d.message());
    }
}
