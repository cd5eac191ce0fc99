package dev.tether.cli;

import dev.tether.base.git.ProjectRoot;
import dev.tether.cli.exit.ExitCode;
import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.files.JsonFiles;
import dev.tether.config.permissions.LocalRules;
import dev.tether.config.permissions.ProjectRuleFile;
import dev.tether.config.permissions.RuleList;
import dev.tether.tools.rules.Effect;
import dev.tether.tools.rules.PermissionRule;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code tether permissions list | remove <rule> | approve | reject}: the permission rules of the
 * project in the current directory (its {@link ProjectRoot}), from every scope, in the order they
 * decide; removing a rule of the local scope (what "Always allow" wrote); and the user's answer
 * about the project's own allow rules in {@code .tether/settings.json}, which do nothing until
 * approved. The user's and the managed rules are edited in their files, never here.
 */
final class PermissionsCommand {
    static final String USAGE = "usage: tether permissions list | remove <rule> | approve | reject";

    private PermissionsCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env, Path workingDir) {
        if (args.length == 0 || !List.of("list", "remove", "approve", "reject").contains(args[0])
                || (args[0].equals("remove") ? args.length != 2 : args.length != 1)) {
            err.println(USAGE);
            return ExitCode.USAGE.code();
        }
        TetherSettings settings = SettingsLoader.load(SettingsLoader.CommandLine.NONE, env);
        LocalRules local = LocalRules.in(settings.paths());
        Path root = ProjectRoot.of(workingDir);
        return switch (args[0]) {
            case "list" -> list(settings, local, root, out);
            case "remove" -> remove(local, root, args[1], settings, out, err);
            default -> answer(local, root, args[0].equals("approve"), out, err);
        };
    }

    private static int list(TetherSettings settings, LocalRules local, Path root, PrintStream out) {
        out.println("Permission rules for " + root + " (deny wins over ask, ask over allow; managed settings win over all):");
        section(out, "managed settings", settings.permissions().managed(), null);
        if (settings.permissions().managedOnly()) {
            out.println("  (the managed settings let only their own rules allow: the allow rules below do not count)");
        }
        section(out, "your config (" + settings.paths().configFile() + ")", settings.permissions().user(), null);
        section(out, "local, for this project (" + local.file() + "; \"Always allow\" writes here)", local.rules(root), null);
        ProjectRuleFile project = ProjectRuleFile.read(root);
        LocalRules.Answers answers = local.answers(root);
        String allowState = project.fingerprint() == null ? null
                : answers.approved().contains(project.fingerprint()) ? "approved"
                : answers.rejected().contains(project.fingerprint()) ? "rejected by you: not applied"
                : "waiting for your approval (tether permissions approve): not applied";
        section(out, "project (" + ProjectRuleFile.RELATIVE + ")", project.rules(), allowState);
        settings.permissions().warnings().forEach(w -> out.println("warning: " + w));
        return ExitCode.OK.code();
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
