package dev.jig.compiler.check;

import dev.jig.compiler.catalog.Catalog;
import dev.jig.compiler.diag.Diagnostic;
import dev.jig.compiler.policy.PolicySet;
import java.util.List;

/**
 * One cross-file rule over a schema-valid policy set. Checks are pure: the same set and catalog
 * always give the same findings, which is what lets lint, compile and admission agree.
 */
public interface PolicyCheck {

    List<Diagnostic> check(PolicySet set, Catalog catalog);
}
