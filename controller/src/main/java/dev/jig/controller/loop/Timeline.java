package dev.jig.controller.loop;

/** Where decisions go: the simulate timeline, or the controller's log. */
@FunctionalInterface
public interface Timeline {

    void record(TimelineEvent decision);

    /**
     * Logs events as SLF4J lines at info level on the logger {@code dev.jig.controller.decisions},
     * with {@code event} (the kind, in lower case) and {@code subject} as key/value pairs; the message names the subject
     * first when there is one.
     */
    static Timeline slf4j() {
        org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger("dev.jig.controller.decisions");
        return e -> {
            var line = log.atInfo().addKeyValue("event", e.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'))
                    .addKeyValue("subject", e.subject());
            if (e.subject() == null) line.log(e.message());
            else line.log("{} {}", e.subject(), e.message());
        };
    }
}
