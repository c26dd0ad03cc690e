package dev.jig.webhook; public final class Main { public static void main(String[] a) {} }
