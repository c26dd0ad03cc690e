package dev.jig.api.karpenter.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NodeClassSelectorsTest {

    private static JsonNode json(String text) throws Exception {
        return new ObjectMapper().readTree(text.replace('\'', '"'));
    }

    @Test
    void readsEachListIntoTypedTerms() throws Exception {
        NodeClassSelectors s = NodeClassSelectors.read(json("{"
                + "'amiSelectorTerms': [{'alias': 'al2023@latest'}],"
                + "'subnetSelectorTerms': [{'tags': {'karpenter.sh/discovery': 'prod'}}, {'id': 'subnet-0abc'}],"
                + "'securityGroupSelectorTerms': [{'name': 'nodes'}],"
                + "'capacityReservationSelectorTerms': [{'ownerID': '123456789012', 'instanceMatchCriteria': 'open'}]}"));

        assertThat(s.amis()).extracting(SelectorTerm::alias).containsExactly("al2023@latest");
        assertThat(s.subnets()).extracting(SelectorTerm::tags, SelectorTerm::id).containsExactly(
                tuple(Map.of("karpenter.sh/discovery", "prod"), null),
                tuple(Map.of(), "subnet-0abc"));
        assertThat(s.securityGroups().get(0).name()).isEqualTo("nodes");
        assertThat(s.capacityReservations().get(0).ownerId()).isEqualTo("123456789012");
        assertThat(s.capacityReservations().get(0).instanceMatchCriteria()).isEqualTo("open");
    }

    @Test
    void aMissingListIsEmptyAndItemsThatAreNotObjectsAreLeftOut() throws Exception {
        NodeClassSelectors s = NodeClassSelectors.read(json("{'subnetSelectorTerms': ['subnet-0abc', {'id': 'subnet-0def'}]}"));

        assertThat(s.amis()).isEmpty();
        assertThat(s.subnets()).extracting(SelectorTerm::id).containsExactly("subnet-0def");
    }

    @Test
    void aFieldOfTheWrongTypeCountsAsSetButReadsAsNullAndANullFieldIsUnset() throws Exception {
        SelectorTerm t = SelectorTerm.read(json("{'id': 5, 'name': null, 'tags': {'a': 'b', 'n': 1}}"));

        assertThat(t.fields()).isEqualTo(Set.of("id", "tags"));
        assertThat(t.has(SelectorTerm.ID)).isTrue();
        assertThat(t.id()).isNull();
        assertThat(t.has(SelectorTerm.NAME)).isFalse();
        assertThat(t.tags()).isEqualTo(Map.of("a", "b"));
    }
}
