package dev.jig.aws.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClientTokenTest {

    @Test
    void aTokenFitsEc2sLimitEvenForTheLongestNodeClaimName() {
        String token = ClientToken.of("n".repeat(253), 0);
        assertThat(token).hasSizeLessThanOrEqualTo(ClientToken.MAX_LENGTH).matches("jig-[0-9a-f]{40}");
    }

    @Test
    void theSameNodeClaimAndAttemptGiveTheSameTokenAfterARestart() {
        assertThat(ClientToken.of("default-x1", 0)).isEqualTo(ClientToken.of("default-x1", 0));
    }

    @Test
    void anotherAttemptOrAnotherNodeClaimGetsAnotherToken() {
        String first = ClientToken.of("default-x1", 0);
        assertThat(ClientToken.of("default-x1", 1)).isNotEqualTo(first);
        assertThat(ClientToken.of("default-x2", 0)).isNotEqualTo(first);
    }
}
