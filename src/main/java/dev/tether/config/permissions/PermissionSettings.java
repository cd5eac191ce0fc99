package dev.tether.config.permissions;

import dev.tether.json.Json;
import dev.tether.tools.rules.RuleScope;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The permission rules every session of the process shares: the user's ({@code "permissions"} in
 * the config file) and the administrator's ({@code "permissions"} in the managed settings file,
 * with {@code "allowManagedPermissionRulesOnly": true} making every other scope's allow rules and
 * "Always allow" answers count for nothing). A managed settings file that exists but cannot be read
 * fails safe: no allow rule of any scope counts until it is fixed.
 *
 * @param user        the config file's rules
 * @param managed     the managed settings' rules
 * @param managedOnly whether only the managed settings may allow (set by the administrator, or by a broken managed file)
 * @param warnings    what the user (or the administrator) should fix
 */
public record PermissionSettings(RuleList user, RuleList managed, boolean managedOnly, List<String> warnings) {
    public static final PermissionSettings NONE = new PermissionSettings(RuleList.NONE, RuleList.NONE, false, List.of());

    public PermissionSettings {
        warnings = List.copyOf(warnings);
    }

    /**
     * @param config      the parsed config file (an object)
     * @param configFile  where it is, for the warnings
     * @param managedFile the managed settings file (it may not exist), or null when there is none
     */
    public static PermissionSettings read(JsonNode config, Path configFile, Path managedFile) {
        RuleList user = RuleList.read(config.get("permissions"), RuleScope.USER, configFile.toString());
        List<String> warnings = new ArrayList<>(user.warnings());
        if (managedFile == null) {
            return new PermissionSettings(user, RuleList.NONE, false, warnings);
        }
        JsonNode managed;
        try {
            managed = Json.parse(Files.readString(managedFile));
        } catch (NoSuchFileException e) {
            return new PermissionSettings(user, RuleList.NONE, false, warnings);
        } catch (IOException | RuntimeException e) {
            warnings.add("the managed settings file " + managedFile + " cannot be read; until it is fixed no permission rule"
                    + " allows anything");
            return new PermissionSettings(user, RuleList.NONE, true, warnings);
        }
        if (!managed.isObject()) {
            warnings.add("the managed settings file " + managedFile + " is not a JSON object; until it is fixed no permission rule"
                    + " allows anything");
            return new PermissionSettings(user, RuleList.NONE, true, warnings);
        }
        RuleList rules = RuleList.read(managed.get("permissions"), RuleScope.MANAGED, managedFile.toString());
        warnings.addAll(rules.warnings());
        JsonNode only = managed.get("allowManagedPermissionRulesOnly");
        if (only != null && !only.isBoolean()) {
            warnings.add(managedFile + ": allowManagedPermissionRulesOnly must be true or false; reading it as true");
        }
        return new PermissionSettings(user, rules, only != null && (!only.isBoolean() || only.asBoolean()), warnings);
    }
}
