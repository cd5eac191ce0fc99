package dev.tether.config.permissions;

import dev.tether.tools.rules.Effect;
import dev.tether.tools.rules.InvalidRule;
import dev.tether.tools.rules.PermissionRule;
import dev.tether.tools.rules.RuleScope;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A {@code "permissions": {"allow": […], "ask": […], "deny": […]}} object as one scope writes it.
 * A rule that cannot be read is a warning naming the file and the rule; the others still count.
 *
 * @param rules    the rules read, deny first, then ask, then allow, each in the order written
 * @param warnings what the user should fix, each naming the file
 */
public record RuleList(List<PermissionRule> rules, List<String> warnings) {
    public static final RuleList NONE = new RuleList(List.of(), List.of());

    public RuleList {
        rules = List.copyOf(rules);
        warnings = List.copyOf(warnings);
    }

    /** The rules of {@code permissions} (missing or null: none) written in {@code origin}. */
    public static RuleList read(JsonNode permissions, RuleScope scope, String origin) {
        if (permissions == null || permissions.isNull() || permissions.isMissingNode()) {
            return NONE;
        }
        if (!permissions.isObject()) {
            return new RuleList(List.of(), List.of(origin + ": \"permissions\" must be an object with allow, ask and deny lists; ignoring it"));
        }
        List<PermissionRule> rules = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (Effect effect : List.of(Effect.DENY, Effect.ASK, Effect.ALLOW)) {
            JsonNode list = permissions.get(effect.id());
            if (list == null || list.isNull()) {
                continue;
            }
            if (!list.isArray()) {
                warnings.add(origin + ": permissions." + effect.id() + " must be a list of rules; ignoring it");
                continue;
            }
            for (JsonNode item : list) {
                if (!item.isString()) {
                    warnings.add(origin + ": permissions." + effect.id() + " holds " + item + ", which is not a rule; ignoring it");
                    continue;
                }
                try {
                    rules.add(PermissionRule.parse(effect, scope, item.asString(), origin));
                } catch (InvalidRule e) {
                    warnings.add(origin + ": permissions." + effect.id() + ": " + e.getMessage() + "; ignoring this rule");
                }
            }
        }
        return new RuleList(rules, warnings);
    }

    /** These rules without the allow rules (a scope that may only tighten). */
    public RuleList restrictions() {
        return new RuleList(rules.stream().filter(r -> r.effect() != Effect.ALLOW).toList(), warnings);
    }

    /** Only the allow rules. */
    public List<PermissionRule> allows() {
        return rules.stream().filter(r -> r.effect() == Effect.ALLOW).toList();
    }
}
