package dev.tether.config.permissions;

import dev.tether.base.git.ProjectRoot;
import dev.tether.config.files.JsonFiles;
import dev.tether.tools.permission.RuleBook;
import dev.tether.tools.permission.RuleBooks;
import dev.tether.tools.rules.Effect;
import dev.tether.tools.rules.PermissionRule;
import dev.tether.tools.rules.Places;
import dev.tether.tools.rules.RuleSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The permission rules of each session, from every scope: the managed settings and the user's
 * config (read once per process, {@link PermissionSettings}), the local scope for the session's
 * project ({@link LocalRules}) and the project's own {@code .tether/settings.json}
 * ({@link ProjectRuleFile}). The project is the {@link ProjectRoot} of the session's directory. The
 * two per-project files are read again when they change, so a rule added or removed by
 * {@code tether permissions} or another agent counts at the next call.
 */
public final class ConfiguredRules implements RuleBooks {
    private final PermissionSettings settings;
    private final LocalRules local;
    private final Path home;

    /** @param home the user's home directory, where {@code ~/} path rules are anchored */
    public ConfiguredRules(PermissionSettings settings, LocalRules local, Path home) {
        this.settings = settings;
        this.local = local;
        this.home = home;
    }

    @Override
    public RuleBook open(Path cwd) {
        return new ProjectBook(ProjectRoot.of(cwd), cwd);
    }

    /** The rules of one project, all scopes; re-read from disk when its files change. */
    private final class ProjectBook implements RuleBook {
        private final Path root;
        private final Places places;
        private final Cached<LocalState> localState;
        private final Cached<ProjectRuleFile> projectFile;

        ProjectBook(Path root, Path cwd) {
            this.root = root;
            this.places = new Places(root, cwd, home);
            this.localState = new Cached<>(local.file(), file -> new LocalState(local.rules(root), local.answers(root)));
            this.projectFile = new Cached<>(root.resolve(ProjectRuleFile.RELATIVE), file -> ProjectRuleFile.read(root));
        }

        @Override
        public RuleSet rules() {
            boolean only = settings.managedOnly();
            List<PermissionRule> all = new ArrayList<>(settings.managed().rules());
            all.addAll((only ? settings.user().restrictions() : settings.user()).rules());
            LocalState state = localState.get();
            all.addAll((only ? state.rules().restrictions() : state.rules()).rules());
            ProjectRuleFile project = projectFile.get();
            all.addAll(project.rules().restrictions().rules());
            if (!only && project.fingerprint() != null && state.answers().approved().contains(project.fingerprint())) {
                all.addAll(project.rules().allows());
            }
            return new RuleSet(all, places);
        }

        @Override
        public String remember(PermissionRule rule) throws NotKept {
            if (settings.managedOnly() || rule.effect() != Effect.ALLOW) {
                throw new NotKept("only the managed settings may allow here");
            }
            try {
                local.add(root, rule);
            } catch (JsonFiles.EditException e) {
                throw new NotKept(e.getMessage());
            }
            localState.forget();
            return local.file().toString();
        }

        @Override
        public boolean offersAlwaysAllow() {
            return !settings.managedOnly();
        }

        @Override
        public List<String> warnings() {
            List<String> warnings = new ArrayList<>(settings.warnings());
            warnings.addAll(localState.get().rules().warnings());
            warnings.addAll(projectFile.get().rules().warnings());
            return warnings;
        }

        @Override
        public Pending pending() {
            ProjectRuleFile project = projectFile.get();
            LocalRules.Answers answers = localState.get().answers();
            if (settings.managedOnly() || project.fingerprint() == null || answers.approved().contains(project.fingerprint())
                    || answers.rejected().contains(project.fingerprint())) {
                return null;
            }
            String fingerprint = project.fingerprint();
            return new Pending() {
                @Override
                public String file() {
                    return ProjectRuleFile.RELATIVE;
                }

                @Override
                public List<String> rules() {
                    return project.allowTexts();
                }

                @Override
                public void answer(boolean approved) throws NotKept {
                    try {
                        local.answer(root, fingerprint, approved);
                    } catch (JsonFiles.EditException e) {
                        throw new NotKept(e.getMessage());
                    } finally {
                        localState.forget();
                    }
                }
            };
        }
    }

    private record LocalState(RuleList rules, LocalRules.Answers answers) {}

    /** A value read from a file, read again when the file's size or modification time changes. */
    private static final class Cached<T> {
        private final Path file;
        private final Function<Path, T> reader;
        private Object stamp;
        private T value;

        Cached(Path file, Function<Path, T> reader) {
            this.file = file;
            this.reader = reader;
        }

        synchronized T get() {
            Object now = stamp(file);
            if (value == null || !Objects.equals(now, stamp)) {
                value = reader.apply(file);
                stamp = now;
            }
            return value;
        }

        synchronized void forget() {
            value = null;
        }

        private static Object stamp(Path file) {
            try {
                BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                return List.of(attributes.lastModifiedTime(), attributes.size(), String.valueOf(attributes.fileKey()));
            } catch (IOException e) {
                return "absent";
            }
        }
    }
}
