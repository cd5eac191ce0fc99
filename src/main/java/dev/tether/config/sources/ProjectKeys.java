package dev.tether.config.sources;

import dev.tether.base.git.ProjectRoot;
import java.io.File;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The keys a project's entries may sit under in a store keyed by project ({@link ProjectChoices},
 * {@link LocalServers}): its root, and the directories sessions ran in before projects were keyed
 * by their root, which belong to it when their {@link ProjectRoot} is that root today (a
 * directory inside a nested repository belongs to that repository, not to the outer one).
 */
final class ProjectKeys {
    private ProjectKeys() {}

    /** The keys of {@code projects} that belong to the project rooted at {@code root}: {@code root} first, then the older ones, nearest the root first. */
    static List<String> of(JsonNode projects, String root) {
        List<String> keys = new ArrayList<>();
        if (!projects.isObject()) {
            return keys;
        }
        if (projects.has(root)) {
            keys.add(root);
        }
        String inside = root.endsWith(File.separator) ? root : root + File.separator;
        List<String> older = new ArrayList<>();
        for (String key : projects.propertyNames()) {
            if (key.startsWith(inside) && belongs(key, root)) {
                older.add(key);
            }
        }
        // Nearest the root first: where two older keys disagree, the first one is kept.
        older.sort(Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder()));
        keys.addAll(older);
        return keys;
    }

    private static boolean belongs(String key, String root) {
        try {
            return ProjectRoot.of(Path.of(key)).toString().equals(root);
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
