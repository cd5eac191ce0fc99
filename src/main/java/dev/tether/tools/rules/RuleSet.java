package dev.tether.tools.rules;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The permission rules in force for one session, and how they decide a call: the first deny rule
 * that matches refuses it, whatever its scope; else the first ask rule that matches asks; else an
 * allow rule that matches allows it (the order of scopes: managed, user, local, project, session).
 *
 * <p>A command line is read as the commands it runs ({@link ShellCommand}): a deny or ask rule
 * matches when it matches any of them; allow rules cover it only when each of them is covered by
 * one, and nothing in it is opaque (a redirection to a file, a here-document) — or when an exact
 * rule is the whole line as written, which is what "Always allow" of a command line writes. A
 * rule without a specifier covers every call of its tool. Path rules look at every path a call
 * touches: one match is enough to deny or ask, allowing needs all of them.
 *
 * <p>A rule naming an MCP server reaches only the server it binds to ({@link ServerBinding}); deny
 * and ask rules reach every server of the name, since they only ever take something away.
 */
public final class RuleSet {
    public static final RuleSet NONE = new RuleSet(List.of(), null);

    private final List<PermissionRule> rules;
    private final Places places;

    /** @param places where the session's path rules are anchored (null: path rules match nothing) */
    public RuleSet(List<PermissionRule> rules, Places places) {
        this.rules = List.copyOf(rules);
        this.places = places;
    }

    public List<PermissionRule> rules() {
        return rules;
    }

    public Places places() {
        return places;
    }

    /** The same rules and {@code more} after them. */
    public RuleSet with(List<PermissionRule> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<PermissionRule> all = new ArrayList<>(rules);
        all.addAll(more);
        return new RuleSet(all, places);
    }

    /** What the rules say about {@code subject}; empty when no rule speaks to it. */
    public Optional<Ruling> decide(Subject subject) {
        for (Effect effect : List.of(Effect.DENY, Effect.ASK)) {
            for (PermissionRule rule : rules) {
                if (rule.effect() == effect && restricts(rule, subject)) {
                    return Optional.of(new Ruling(effect, rule));
                }
            }
        }
        return allowedBy(subject).map(rule -> new Ruling(Effect.ALLOW, rule));
    }

    /** Whether a deny rule refuses {@code subject} (the one question a directory walk asks of each file). */
    public boolean denies(Subject subject) {
        for (PermissionRule rule : rules) {
            if (rule.effect() == Effect.DENY && restricts(rule, subject)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a deny or ask rule reaches the call: any of its commands or paths will do. */
    private boolean restricts(PermissionRule rule, Subject subject) {
        return switch (rule.target()) {
            case Target.Builtin target -> subject instanceof Subject.Builtin call && target.covers(call)
                    && (target.command() == null || anyCommand(target.command(), call.command()))
                    && (target.path() == null || call.paths().stream().anyMatch(p -> pathMatches(target, p)));
            case Target.Mcp target -> subject instanceof Subject.Mcp call && names(target, call);
        };
    }

    private static boolean anyCommand(CommandPattern pattern, String command) {
        if (command == null) {
            return false;
        }
        ShellCommand parsed = ShellCommand.parse(command);
        return pattern.isWhole(parsed) || parsed.parts().stream().anyMatch(pattern::coversEitherWay);
    }

    /** The allow rule that covers the call, if any (for a command line, the one covering its first command). */
    private Optional<PermissionRule> allowedBy(Subject subject) {
        List<PermissionRule> allows = rules.stream().filter(r -> r.effect() == Effect.ALLOW).toList();
        return switch (subject) {
            case Subject.Mcp call -> allows.stream().filter(r -> r.target() instanceof Target.Mcp t && names(t, call)
                    && bound(r, call)).findFirst();
            case Subject.Builtin call -> {
                List<PermissionRule> tool = allows.stream().filter(r -> r.target() instanceof Target.Builtin t && t.covers(call)).toList();
                Optional<PermissionRule> whole = tool.stream()
                        .filter(r -> ((Target.Builtin) r.target()).command() == null && ((Target.Builtin) r.target()).path() == null)
                        .findFirst();
                if (whole.isPresent()) {
                    yield whole;
                }
                if (call.command() != null) {
                    yield commandAllowedBy(tool, call.command());
                }
                yield call.paths().isEmpty() ? Optional.empty() : tool.stream().filter(r -> ((Target.Builtin) r.target()).path() != null)
                        .filter(r -> call.paths().stream().allMatch(p -> pathMatches((Target.Builtin) r.target(), p))).findFirst();
            }
        };
    }

    private static Optional<PermissionRule> commandAllowedBy(List<PermissionRule> tool, String command) {
        List<PermissionRule> commandRules = tool.stream().filter(r -> ((Target.Builtin) r.target()).command() != null).toList();
        ShellCommand parsed = ShellCommand.parse(command);
        for (PermissionRule rule : commandRules) {
            if (((Target.Builtin) rule.target()).command().isWhole(parsed)) {
                return Optional.of(rule);
            }
        }
        if (parsed.opaque() || parsed.parts().isEmpty()) {
            return Optional.empty();
        }
        PermissionRule first = null;
        for (ShellCommand.Part part : parsed.parts()) {
            Optional<PermissionRule> covering = commandRules.stream()
                    .filter(r -> ((Target.Builtin) r.target()).command().coversAsWritten(part)).findFirst();
            if (covering.isEmpty()) {
                return Optional.empty();
            }
            first = first == null ? covering.get() : first;
        }
        return Optional.of(first);
    }

    private boolean pathMatches(Target.Builtin target, Path path) {
        return places != null && target.path().matches(path, places);
    }

    private static boolean names(Target.Mcp target, Subject.Mcp call) {
        return target.server().matches(call.server()) && (target.tool() == null || target.tool().matches(call.tool()));
    }

    /** Whether an allow rule naming the call's server reaches it: pinned to it, or bound to its owner. */
    private static boolean bound(PermissionRule rule, Subject.Mcp call) {
        PermissionRule.Pin pin = rule.pin();
        if (pin == null) {
            return call.binding().takesAllowFrom(rule.scope());
        }
        if (!pin.definition().equals(call.definition())) {
            return false;
        }
        // An answer of this session may be pinned before the server's identity is known; it is the same server then.
        return pin.identity() == null ? rule.scope() == RuleScope.SESSION : pin.identity().equals(call.binding().identity());
    }
}
