package dev.jig.webhook.admission;

import dev.jig.api.diag.Rule;

/**
 * One reason to refuse a request: the rule and what exactly is wrong. The message a user sees
 * names the rule id, the finding and the fix (the rule's hint), so {@code kubectl} output alone
 * tells what to change.
 *
 * @param detail what is wrong, naming the offending field and value; also the identity of the
 *     finding, so an UPDATE can be judged by the findings it adds
 */
public record Denial(Rule rule, String detail) {

    public String message() {
        return rule.id() + " " + rule.title() + ": " + detail + ". Fix: " + rule.hint();
    }

    @Override
    public String toString() {
        return message();
    }
}
