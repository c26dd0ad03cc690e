package dev.jig.api.karpenter.rules;

/**
 * A JSON Pointer (RFC 6901) built one segment at a time while the rules walk an object. The
 * string form is made only when a violation needs it, so walking stays cheap.
 */
final class Pointer {

    static final Pointer ROOT = new Pointer(null, null, -1);

    private final Pointer parent;
    private final String name;
    private final int index;

    private Pointer(Pointer parent, String name, int index) {
        this.parent = parent;
        this.name = name;
        this.index = index;
    }

    Pointer child(String field) {
        return new Pointer(this, field, -1);
    }

    Pointer index(int position) {
        return new Pointer(this, null, position);
    }

    @Override
    public String toString() {
        if (parent == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        append(out);
        return out.toString();
    }

    private void append(StringBuilder out) {
        if (parent == null) {
            return;
        }
        parent.append(out);
        out.append('/');
        if (name == null) {
            out.append(index);
            return;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '~') {
                out.append("~0");
            } else if (c == '/') {
                out.append("~1");
            } else {
                out.append(c);
            }
        }
    }
}
