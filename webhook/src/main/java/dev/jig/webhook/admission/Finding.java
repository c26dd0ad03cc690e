package dev.jig.webhook.admission;

import dev.jig.api.diag.Rule;

/**
 * One rule that fired on a request, and what exactly it found. A {@link Decision} holds findings
 * in two roles: its denials (reasons to refuse) and its notes (rules that fired without refusing,
 * returned as admission warnings). The message a user sees names the rule id, the finding and the
 * fix (the rule's hint), so {@code kubectl} output alone tells what to change.
 *
 * @param detail what is wrong, naming the offending field and value; also the identity of the
 *     finding, so an UPDATE can be judged by the findings it adds
 */
public record Finding(Rule rule, String detail) {

    public String message() {
        return rule.id() + " " + rule.title() + ": " + detail + ". Fix: " + rule.hint();
    }

    @Override
    public String toString() {
        return message();
    }
}
