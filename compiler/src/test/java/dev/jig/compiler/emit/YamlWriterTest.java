package dev.jig.compiler.emit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.source.SourceFile;
import dev.jig.api.yaml.YamlLoader;
import org.junit.jupiter.api.Test;

class YamlWriterTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void writesBlockStyleWithListsOfObjects() throws Exception {
        JsonNode n = MAPPER.readTree("{\"a\":{\"b\":[{\"key\":\"k\",\"values\":[\"x\",\"z\"]}],\"c\":{}},\"d\":[]}");
        assertThat(YamlWriter.write(n)).isEqualTo("""
                a:
                  b:
                    - key: k
                      values:
                        - x
                        - z
                  c: {}
                d: []
                """);
    }

    @Test
    void quotesWhatYaml11WouldMistype() {
        for (String s : new String[] {"on", "yes", "No", "true", "null", "~", "10", "010", "1e3", "0x1F", "1:20", "10%", "720h", "", " lead", "a: b", "-x", "@x", "*x", "#x"}) {
            assertThat(YamlWriter.string(s)).as(s).startsWith("\"");
        }
        for (String s : new String[] {"karpenter.sh/capacity-type", "WhenEmpty", "on-demand", "al2023@latest", "us-east-1a", "jig.dev/tenant"}) {
            assertThat(YamlWriter.string(s)).as(s).isEqualTo(s);
        }
    }

    @Test
    void roundTripsThroughTheLoader() throws Exception {
        JsonNode n = MAPPER.readTree("{\"s\":\"on\",\"n\":5,\"t\":\"multi\\nline\\n\",\"q\":\"say \\\"hi\\\"\",\"u\":\"\\u2028\",\"l\":[[1,2],{\"a\":null}]}");
        JsonNode back = new YamlLoader().load(new SourceFile("x.yaml", YamlWriter.write(n))).document().orElseThrow().root();
        assertThat(back).isEqualTo(n);
    }
}
