package dev.jig.api.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PrincipalNameTest {

    private static final String ARGO = "system:serviceaccount:argocd:argocd-application-controller";

    @Test
    void aServiceAccountMatchesTheUserNameOnlyNeverAGroupOfThatName() {
        PrincipalName sa = PrincipalName.parse(ARGO).orElseThrow();
        assertThat(sa.kind()).isEqualTo(PrincipalName.Kind.SERVICE_ACCOUNT);
        assertThat(sa.matches(ARGO, List.of("system:serviceaccounts"))).isTrue();
        assertThat(sa.matches("jane", List.of(ARGO, "system:authenticated"))).isFalse();
    }

    @Test
    void aGroupMatchesGroupsOnlyNeverAUserOfThatName() {
        PrincipalName group = PrincipalName.parse("group:platform-admins").orElseThrow();
        assertThat(group.matches("jane", List.of("platform-admins"))).isTrue();
        assertThat(group.matches("platform-admins", List.of())).isFalse();
        assertThat(group.matches("group:platform-admins", List.of())).isFalse();
    }

    @Test
    void aUserMatchesTheUserNameOnly() {
        PrincipalName user = PrincipalName.parse("user:jane@acme.example").orElseThrow();
        assertThat(user.matches("jane@acme.example", List.of())).isTrue();
        assertThat(user.matches("mallory", List.of("jane@acme.example"))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform-admins", "system:serviceaccount:argocd", "system:serviceaccount::x", "system:serviceaccount:a:b:c",
            "user:", "group:", "group: admins", "system:serviceaccounts:argocd", ""})
    void anAmbiguousOrMalformedEntryParsesToNothingAndMatchesNobody(String entry) {
        assertThat(PrincipalName.parse(entry)).isEmpty();
        assertThat(PrincipalName.anyMatches(List.of(entry), entry, List.of(entry))).isFalse();
    }

    @ParameterizedTest
    @CsvSource({
            "system:serviceaccount:argocd:argocd-application-controller, system:serviceaccount:argocd:argocd-application-controller, '', true",
            "system:serviceaccount:argocd:argocd-application-controller, jane, system:serviceaccount:argocd:argocd-application-controller, false",
            "group:system:serviceaccounts:argocd, system:serviceaccount:argocd:x, system:serviceaccounts:argocd, true",
            "group:system:serviceaccounts:argocd, system:serviceaccounts:argocd, '', false",
            "user:jane, jane, '', true",
            "user:jane, bob, jane, false"})
    void anyMatchesByKind(String entry, String user, String group, boolean expected) {
        List<String> groups = group.isEmpty() ? List.of() : List.of(group);
        assertThat(PrincipalName.anyMatches(List.of("group:unrelated", entry), user, groups)).isEqualTo(expected);
    }
}
