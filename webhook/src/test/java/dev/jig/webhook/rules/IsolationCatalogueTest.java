package dev.jig.webhook.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.Catalogue.Case;
import dev.jig.webhook.testing.Catalogue;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class IsolationCatalogueTest {

    private static final WebhookRules RULES = new WebhookRules(WebhookSettings.defaults());

    static Stream<Case> bypasses() {
        return Catalogue.bypasses().stream();
    }

    static Stream<Case> lookalikes() {
        return Catalogue.lookalikes().stream();
    }

    @Test
    void catalogueHoldsAtLeastTwentyFiveAttempts() {
        assertThat(Catalogue.bypasses()).hasSizeGreaterThanOrEqualTo(25);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bypasses")
    void everyBypassAttemptIsDeniedByItsRule(Case c) {
        Decision d = RULES.validate(c.input(), Optional.of(Acme.view()));
        assertThat(d.allowed()).as(c.name()).isFalse();
        assertThat(d.ruleIds()).as(d.message()).contains(c.expected().id());
        assertThat(d.message()).contains(c.expected().id()).contains("Fix: ");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lookalikes")
    void everyLegitimateLookalikeIsAllowed(Case c) {
        Decision d = RULES.validate(c.input(), Optional.of(Acme.view()));
        assertThat(d.denials()).as(c.name()).isEmpty();
    }

    @Test
    void everythingInScopeIsDeniedBeforeTheViewSynced() {
        List<Case> all = Catalogue.lookalikes();
        for (Case c : all) {
            if (c.input().namespace().equals("kube-system")) continue;
            Decision d = RULES.validate(c.input(), Optional.empty());
            assertThat(d.ruleIds()).as(c.name()).containsExactly("JIG0530");
        }
    }
}
