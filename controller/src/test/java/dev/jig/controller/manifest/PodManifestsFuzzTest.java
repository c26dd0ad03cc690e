package dev.jig.controller.manifest;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Any JSON pod either reads into the model or is refused with an {@link IllegalArgumentException}
 * (which the Kubernetes adapter logs and skips); nothing else escapes.
 */
class PodManifestsFuzzTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @FuzzTest(maxDuration = "30s")
    void anyJsonPodReadsOrIsRefusedCleanly(FuzzedDataProvider data) {
        JsonNode pod;
        try {
            pod = JSON.readTree(data.consumeRemainingAsString());
        } catch (JsonProcessingException e) {
            return;
        }
        if (pod == null) return;
        try {
            PodManifests.pod(pod).ifPresent(p -> assertThat(p.requests().pods()).isEqualTo(1));
        } catch (IllegalArgumentException expected) {
            assertThat(expected.getMessage()).isNotNull();
        }
    }
}
