/** Git adapter: policy files of any commit, read from the object database with JGit. */
package dev.jig.compiler.git;
