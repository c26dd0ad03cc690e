package dev.jig.api.karpenter.rules;

/**
 * A linear-time matcher for the budget {@code schedule} pattern of the NodePool CRD,
 * {@code ^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))|((.+)\s(.+)\s(.+)\s(.+)\s(.+))$}.
 * The alternation binds loosely, so the pattern means "starts with a macro" or "ends with five
 * whitespace-separated parts" (with Go's {@code .} that is anything but a newline). A backtracking
 * engine needs polynomial time of high degree on long inputs for the second half; this matcher runs
 * the equivalent automaton instead, so a hostile object cannot stall the admission webhook. A test
 * compares it with the translated pattern.
 */
final class BudgetSchedule {

    private static final String[] MACROS = {
        "@annually", "@yearly", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"
    };
    private static final int FIELDS = 5;
    private static final int START = 1; // state (field 0, empty)
    private static final int ACCEPT = 1 << ((FIELDS - 1) * 2 + 1); // state (field 4, non-empty)

    private BudgetSchedule() {
    }

    static boolean matches(String s) {
        for (String macro : MACROS) {
            if (s.startsWith(macro)) {
                return true;
            }
        }
        return endsWithFiveFields(s);
    }

    /** Runs the automaton whose state bit {@code 2k + e} means "in field k, which is empty (e=0) or not". */
    private static boolean endsWithFiveFields(String s) {
        int active = START;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean any = c != '\n';
            boolean space = c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
            int next = 0;
            for (int field = 0; field < FIELDS; field++) {
                int empty = 1 << (field * 2);
                int filled = empty << 1;
                boolean in = (active & (empty | filled)) != 0;
                if (in && any) {
                    next |= filled;
                }
                if ((active & filled) != 0 && space && field + 1 < FIELDS) {
                    next |= 1 << ((field + 1) * 2);
                }
            }
            active = next | START;
        }
        return (active & ACCEPT) != 0;
    }
}
