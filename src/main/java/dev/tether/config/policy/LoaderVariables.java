package dev.tether.config.policy;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Environment variables that change what a program loads and runs, whatever its command line
 * says: an allowed {@code python3 /x/echo.py} with {@code PYTHONPATH} pointing at a planted
 * {@code sitecustomize.py} runs the planted code first. An allow rule covers such a variable only
 * when it lists it ({@code serverEnv}). Names compare ignoring case (npm reads its settings in
 * either case; elsewhere it only makes the list stricter). A name ending in {@code *} is a prefix.
 */
final class LoaderVariables {
    /** One family: who reads these variables, and why they matter. */
    record Family(String who, List<String> names) {}

    static final List<Family> FAMILIES = List.of(
            // Preloads or audits a library in every dynamically linked program; gconv modules are loaded by iconv.
            new Family("the dynamic loader", List.of("LD_*", "GCONV_PATH")),
            // macOS's loader: inserted libraries, library search paths.
            new Family("the macOS loader", List.of("DYLD_*")),
            // Module search path, start-up files, home of the standard library, the user site directory.
            new Family("Python", List.of("PYTHON*")),
            // Preloaded modules (--require/--import), module paths; npm/npx settings such as the registry npx installs from.
            new Family("Node and npm", List.of("NODE_OPTIONS", "NODE_PATH", "NPM_CONFIG_*")),
            // Agents and options every JVM reads at start; the class path.
            new Family("the JVM", List.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH")),
            // Preloaded modules (-M) and library paths.
            new Family("Perl", List.of("PERL5*", "PERLLIB")),
            // Preloaded libraries (-r), load paths, where gems and the Gemfile come from.
            new Family("Ruby", List.of("RUBYOPT", "RUBYLIB", "GEM_HOME", "GEM_PATH", "BUNDLE_GEMFILE")),
            // Start-up files of non-interactive shells, exported functions, options (xtrace runs PS4's substitutions).
            new Family("shells", List.of("BASH_ENV", "ENV", "BASH_FUNC_*", "SHELLOPTS", "BASHOPTS", "PS4")),
            // Programs git runs, and configuration it takes from the environment (core.fsmonitor and friends).
            new Family("git", List.of("GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_EXEC_PATH", "GIT_EDITOR",
                    "GIT_PAGER", "GIT_PROXY_COMMAND", "GIT_EXTERNAL_DIFF", "GIT_CONFIG*", "GIT_DIR", "GIT_TEMPLATE_DIR")),
            // Where the programs a server starts are looked up (npx starting node, a #!/usr/bin/env line).
            new Family("command lookup", List.of("PATH")));

    /** Python variables that only change buffering or encoding; editors set them routinely. */
    private static final Set<String> HARMLESS = Set.of("PYTHONUNBUFFERED", "PYTHONIOENCODING", "PYTHONDONTWRITEBYTECODE", "PYTHONUTF8");

    private LoaderVariables() {}

    /** The family of {@code name}, or null for an ordinary variable (a token, {@code HOME}, {@code LANG}). */
    static Family of(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (HARMLESS.contains(upper)) {
            return null;
        }
        for (Family family : FAMILIES) {
            for (String pattern : family.names()) {
                if (pattern.endsWith("*") ? upper.startsWith(pattern.substring(0, pattern.length() - 1)) : upper.equals(pattern)) {
                    return family;
                }
            }
        }
        return null;
    }
}
