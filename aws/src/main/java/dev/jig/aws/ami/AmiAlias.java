package dev.jig.aws.ami;

import dev.jig.api.ec2.AmiFamily;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * An {@code amiSelectorTerms[].alias} read as Karpenter's CRD reads it: {@code family@version}, the
 * family one of {@code al2}, {@code al2023}, {@code bottlerocket}, {@code windows2019},
 * {@code windows2022}, {@code windows2025}, the version {@code latest} or a pinned AMI release
 * ({@code v20240625}, {@code v1.20.0}); Windows families take {@code latest} only.
 *
 * @param text    the alias as written
 * @param family  its AMI family
 * @param version {@code latest} or the pinned release as written
 */
public record AmiAlias(String text, AmiFamily family, String version) {

    /** The version that follows the newest AMI release (and drifts when AWS publishes one). */
    public static final String LATEST = "latest";

    private static final Pattern GRAMMAR = Pattern.compile("^[a-zA-Z0-9]+@.+$");

    /** Whether the alias follows the newest release rather than a pinned one. */
    public boolean latest() {
        return LATEST.equals(version);
    }

    /**
     * Reads {@code text}.
     *
     * @throws IllegalArgumentException naming the alias and what is wrong with it
     */
    public static AmiAlias parse(String text) {
        if (text == null || !GRAMMAR.matcher(text).matches()) {
            throw new IllegalArgumentException("AMI alias '" + text + "' is not of the form family@version (such as al2023@latest)");
        }
        int at = text.indexOf('@');
        String familyName = text.substring(0, at);
        String version = text.substring(at + 1);
        AmiFamily family = switch (familyName.toLowerCase(Locale.ROOT)) {
            case "al2" -> AmiFamily.AL2;
            case "al2023" -> AmiFamily.AL2023;
            case "bottlerocket" -> AmiFamily.BOTTLEROCKET;
            case "windows2019" -> AmiFamily.WINDOWS2019;
            case "windows2022" -> AmiFamily.WINDOWS2022;
            case "windows2025" -> AmiFamily.WINDOWS2025;
            default -> throw new IllegalArgumentException("AMI alias '" + text + "' names family '" + familyName
                    + "'; the families are al2, al2023, bottlerocket, windows2019, windows2022 and windows2025");
        };
        if (family.os().equals("windows") && !LATEST.equals(version)) {
            throw new IllegalArgumentException("AMI alias '" + text + "': Windows families take version 'latest' only");
        }
        return new AmiAlias(text, family, version);
    }
}
