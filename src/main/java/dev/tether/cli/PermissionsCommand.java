package dev.tether.cli;

import dev.tether.base.git.ProjectRoot;
import dev.tether.cli.exit.ExitCode;
import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.files.JsonFiles;
import dev.tether.config.permissions.LocalRules;
import dev.tether.config.permissions.ProjectRuleFile;
import dev.tether.config.permissions.RuleList;
import dev.tether.json.Json;
import dev.tether.tools.rules.Effect;
import dev.tether.tools.rules.PermissionRule;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code tether permissions list | remove <rule> | approve | reject}: the permission rules of the
 * project in the current directory (its {@link ProjectRoot}), from every scope, in the order they
 * decide; removing a rule of the local scope (what "Always allow" wrote); and the user's answer
 * about the project's own allow rules in {@code .tether/settings.json}, which do nothing until
 * approved. The user's and the managed rules are edited in their files, never here.
 */
final class PermissionsCommand {
    static final String USAGE = "usage: tether permissions list [--json] | remove <rule> | approve | reject";

    private PermissionsCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env, Path workingDir) {
        boolean json = args.length == 2 && args[0].equals("list") && args[1].equals("--json");
        if (args.length == 0 || !List.of("list", "remove", "approve", "reject").contains(args[0])
                || (args[0].equals("remove") ? args.length != 2 : args.length != 1 && !json)) {
            err.println(USAGE);
            return ExitCode.USAGE.code();
        }
        TetherSettings settings = SettingsLoader.load(SettingsLoader.CommandLine.NONE, env);
        LocalRules local = LocalRules.in(settings.paths());
        Path root = ProjectRoot.of(workingDir);
        return switch (args[0]) {
            case "list" -> list(settings, local, root, json, out);
            case "remove" -> remove(local, root, args[1], settings, out, err);
            default -> answer(local, root, args[0].equals("approve"), out, err);
        };
    }

    /**
     * One scope's rules as {@code list} shows them: {@code file} is null for the managed settings (their rules name it);
     * {@code allowState} says whether the project's allow rules apply, null in the other scopes.
     */
    private record Section(String scope, String title, String file, RuleList rules, String allowState) {}

    private static int list(TetherSettings settings, LocalRules local, Path root, boolean json, PrintStream out) {
        ProjectRuleFile project = ProjectRuleFile.read(root);
        LocalRules.Answers answers = local.answers(root);
        String allowState = project.fingerprint() == null ? null
                : answers.approved().contains(project.fingerprint()) ? "approved"
                : answers.rejected().contains(project.fingerprint()) ? "rejected by you: not applied"
                : "waiting for your approval (tether permissions approve): not applied";
        List<Section> sections = List.of(
                new Section("managed", "managed settings", null, settings.permissions().managed(), null),
                new Section("user", "your config (" + settings.paths().configFile() + ")", settings.paths().configFile().toString(),
                        settings.permissions().user(), null),
                new Section("local", "local, for this project (" + local.file() + "; \"Always allow\" writes here)", local.file().toString(),
                        local.rules(root), null),
                new Section("project", "project (" + ProjectRuleFile.RELATIVE + ")", project.path().toString(), project.rules(), allowState));
        if (json) {
            out.println(Json.write(json(root, settings, sections)));
            return ExitCode.OK.code();
        }
        out.println("Permission rules for " + root + " (deny wins over ask, ask over allow; managed settings win over all):");
        for (Section section : sections) {
            section(out, section.title(), section.rules(), section.allowState());
            if (section.scope().equals("managed") && settings.permissions().managedOnly()) {
                out.println("  (the managed settings let only their own rules allow: the allow rules below do not count)");
            }
        }
        settings.permissions().warnings().forEach(w -> out.println("warning: " + w));
        return ExitCode.OK.code();
    }

    /**
     * {@code list --json}: {@code {"project", "managedOnly", "scopes": [{"scope", "file", "allowState", "rules":
     * [{"effect", "rule", "server", "applies"}], "warnings"}], "warnings"}}, scopes in the order they decide.
     */
    private static ObjectNode json(Path root, TetherSettings settings, List<Section> sections) {
        ObjectNode node = Json.object();
        node.put("project", root.toString());
        node.put("managedOnly", settings.permissions().managedOnly());
        ArrayNode scopes = node.putArray("scopes");
        for (Section section : sections) {
            ObjectNode scope = scopes.addObject();
            scope.put("scope", section.scope());
            scope.put("file", section.file());
            scope.put("allowState", section.allowState());
            ArrayNode rules = scope.putArray("rules");
            for (PermissionRule rule : section.rules().rules()) {
                ObjectNode one = rules.addObject();
                one.put("effect", rule.effect().id());
                one.put("rule", rule.text());
                one.put("server", rule.pin() == null ? null : rule.pin().identity());
                boolean blockedAllow = rule.effect() == Effect.ALLOW && (section.allowState() != null && !section.allowState().equals("approved")
                        || settings.permissions().managedOnly() && !section.scope().equals("managed"));
                one.put("applies", !blockedAllow);
            }
            scope.set("warnings", Json.tree(section.rules().warnings()));
        }
        node.set("warnings", Json.tree(settings.permissions().warnings()));
        return node;
    }

    private static void section(PrintStream out, String title, RuleList rules, String allowState) {
        out.println(title + ":");
        if (rules.rules().isEmpty()) {
            out.println("  (none)");
        }
        for (PermissionRule rule : rules.rules()) {
            String state = rule.effect() == Effect.ALLOW && allowState != null ? "  [" + allowState + "]" : "";
            String pin = rule.pin() == null ? "" : "  (server " + rule.pin().identity() + ", this definition only)";
            out.println("  " + rule.effect().id() + "  " + rule.text() + pin + state);
        }
        rules.warnings().forEach(w -> out.println("  warning: " + w));
    }

    private static int remove(LocalRules local, Path root, String text, TetherSettings settings, PrintStream out, PrintStream err) {
        try {
            int removed = local.remove(root, text);
            if (removed > 0) {
                out.println("Removed `" + text + "` from your rules for " + root + "; such calls are asked about again.");
                return ExitCode.OK.code();
            }
        } catch (JsonFiles.EditException e) {
            err.println("tether: " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
        boolean inConfig = settings.permissions().user().rules().stream().anyMatch(r -> r.text().strip().equals(text.strip()));
        err.println("tether: no rule `" + text + "` in your rules for " + root
                + (inConfig ? "; it is in " + settings.paths().configFile() + ": edit that file to remove it" : "")
                + ". Run tether permissions list.");
        return ExitCode.USAGE.code();
    }

    private static int answer(LocalRules local, Path root, boolean approve, PrintStream out, PrintStream err) {
        ProjectRuleFile project = ProjectRuleFile.read(root);
        if (project.fingerprint() == null) {
            out.println("No allow rules in " + project.path() + " to answer for.");
            return ExitCode.OK.code();
        }
        try {
            local.answer(root, project.fingerprint(), approve);
        } catch (JsonFiles.EditException e) {
            err.println("tether: " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
        out.println((approve ? "Approved" : "Rejected") + " the allow rules of " + project.path() + ": "
                + String.join(", ", project.allowTexts()) + (approve ? ". If the list changes, you are asked again." : "."));
        return ExitCode.OK.code();
    }
}
