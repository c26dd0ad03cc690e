package dev.jig.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** NOTES.txt renders for every combination (an error there would only show at install) and says what to check for what was installed. */
class NotesTest {

    static List<String> combinations() {
        return Rendered.combinations().toList();
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void theNotesNameTheChecksForWhatWasInstalled(String combination) {
        String output = JigChart.installOutput(JigChart.values(combination));
        String notes = output.substring(output.indexOf("NOTES:"));
        assertThat(notes).doesNotContain("<no value>").contains("Jig 0.1.0 is installed in jig-system")
                .contains("Uninstalling leaves nodes, NodeClaims");
        boolean webhook = !combination.equals("controller-only");
        boolean controller = !combination.equals("webhook-only");
        boolean selfManaged = combination.equals("self-managed") || combination.equals("aws");
        assertThat(notes.contains("rollout status deployment/jig-webhook")).isEqualTo(webhook);
        assertThat(notes.contains("get certificate jig-webhook")).isEqualTo(webhook && !selfManaged);
        assertThat(notes.contains("get secret jig-webhook-self-managed-tls")).isEqualTo(webhook && selfManaged);
        assertThat(notes.contains("get lease jig-controller")).isEqualTo(controller);
        assertThat(notes.contains("Cloud: aws")).isEqualTo(combination.equals("aws"));
    }
}
