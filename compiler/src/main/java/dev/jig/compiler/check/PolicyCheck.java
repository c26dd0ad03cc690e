package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.compiler.generate.PolicyFacts;
import java.util.List;

/**
 * One cross-file rule over a schema-valid policy set. Checks are pure: the same facts always give
 * the same findings, which is what lets lint, compile and admission agree.
 */
public interface PolicyCheck {

    List<Diagnostic> check(PolicyFacts facts);
}
