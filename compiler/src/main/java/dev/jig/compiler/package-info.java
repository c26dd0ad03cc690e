/** Jig policy compiler: load → check → generate → emit. */
package dev.jig.compiler;
