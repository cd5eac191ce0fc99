package dev.tether.config.permissions;

import dev.tether.json.Json;
import dev.tether.tools.rules.PermissionRule;
import dev.tether.tools.rules.RuleScope;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The project's own permission rules: {@code "permissions"} in {@code .tether/settings.json} at the
 * project root. The project is untrusted content, so it may only tighten: its deny and ask rules
 * apply at once, its allow rules only once the user approved them for the project (by their
 * {@linkplain #fingerprint() digest}: a changed list is asked about again). The file is read only
 * as a regular file of at most {@value #MAX_BYTES} bytes.
 *
 * @param path        the file
 * @param rules       its rules (deny and ask, and allow)
 * @param fingerprint the digest of its allow rules as written, or null when it has none
 */
public record ProjectRuleFile(Path path, RuleList rules, String fingerprint) {
    public static final String RELATIVE = ".tether/settings.json";
    static final int MAX_BYTES = 256 * 1024;

    /** The rules of the project rooted at {@code root}; none when it has no such file. */
    public static ProjectRuleFile read(Path root) {
        Path path = root.resolve(RELATIVE);
        String shown = RELATIVE;
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return new ProjectRuleFile(path, RuleList.NONE, null);
        }
        if (!Files.isRegularFile(path)) {
            return broken(path, shown + " is not a regular file; its rules are ignored");
        }
        String text;
        try (InputStream in = Files.newInputStream(path)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                return broken(path, shown + " is larger than " + MAX_BYTES / 1024 + " KiB; its rules are ignored");
            }
            text = new String(bytes, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return new ProjectRuleFile(path, RuleList.NONE, null);
        } catch (IOException e) {
            return broken(path, "cannot read " + shown + " (" + e.getMessage() + "); its rules are ignored");
        }
        JsonNode settings;
        try {
            settings = text.isBlank() ? Json.object() : Json.parse(text);
        } catch (JacksonException e) {
            return broken(path, shown + " is not valid JSON; its rules are ignored");
        }
        if (!settings.isObject()) {
            return broken(path, shown + " does not hold a JSON object; its rules are ignored");
        }
        RuleList rules = RuleList.read(settings.get("permissions"), RuleScope.PROJECT, shown);
        List<PermissionRule> allows = rules.allows();
        return new ProjectRuleFile(path, rules, allows.isEmpty() ? null : digest(allows));
    }

    private static ProjectRuleFile broken(Path path, String warning) {
        return new ProjectRuleFile(path, new RuleList(List.of(), List.of(warning)), null);
    }

    /** The allow rules, as written, one per line: what the user is asked to approve. */
    public List<String> allowTexts() {
        return rules.allows().stream().map(PermissionRule::text).toList();
    }

    private static String digest(List<PermissionRule> allows) {
        String canonical = String.join("\n", allows.stream().map(PermissionRule::text).toList());
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
