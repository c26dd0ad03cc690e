package dev.jig.webhook.admission;

/** The operation of an admission request, as {@code request.operation} names it. */
public enum Operation {
    CREATE, UPDATE, DELETE, CONNECT
}
