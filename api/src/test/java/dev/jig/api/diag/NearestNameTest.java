package dev.jig.api.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestNameTest {

    private static final List<String> FIELDS = List.of("name", "share", "weight", "capacityTypes", "categories");

    @Test
    void typoFindsTheMeantName() {
        assertThat(NearestName.of("sharee", FIELDS)).contains("share");
        assertThat(NearestName.of("wieght", FIELDS)).contains("weight");
        assertThat(NearestName.of("capacitytypes", FIELDS)).contains("capacityTypes");
    }

    @Test
    void unrelatedWordFindsNothing() {
        assertThat(NearestName.of("labels", FIELDS)).isEmpty();
        assertThat(NearestName.of("x", List.of())).isEmpty();
    }

    @Test
    void transpositionCountsAsOneEdit() {
        assertThat(NearestName.distance("wieght", "weight")).isEqualTo(1);
        assertThat(NearestName.distance("", "abc")).isEqualTo(3);
    }
}
