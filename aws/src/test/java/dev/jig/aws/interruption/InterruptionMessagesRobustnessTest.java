package dev.jig.aws.interruption;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whatever lands on the queue, the parser answers (never throws), so a message can always be deleted
 * rather than retried for ever: seeded mutations of the documented samples, byte flips and cuts.
 */
class InterruptionMessagesRobustnessTest {

    private static final List<String> SAMPLES = List.of("spot-interruption", "rebalance-recommendation", "health-scheduled-change",
            "state-change-stopping", "state-change-terminated", "state-change-running");

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 5, 8, 13, 21, 34})
    void mutatedSamplesAlwaysGiveAnAnswer(long seed) {
        Random random = new Random(seed);
        for (int i = 0; i < 300; i++) {
            byte[] bytes = EventBridgeSamples.read(SAMPLES.get(random.nextInt(SAMPLES.size()))).getBytes(StandardCharsets.UTF_8);
            int edits = 1 + random.nextInt(4);
            for (int e = 0; e < edits; e++) {
                bytes[random.nextInt(bytes.length)] = (byte) (32 + random.nextInt(95));
            }
            int cut = random.nextInt(4) == 0 ? random.nextInt(bytes.length) : bytes.length;
            String body = new String(bytes, 0, cut, StandardCharsets.UTF_8);

            InterruptionMessage parsed = InterruptionMessages.parse(body, "h");

            assertThat(parsed).isNotNull();
            assertThat(parsed.type()).isNotBlank();
            if (parsed instanceof InterruptionMessage.Events events) {
                assertThat(events.events()).isNotEmpty().allSatisfy(ev -> assertThat(ev.instanceId()).isNotBlank());
            }
        }
    }
}
