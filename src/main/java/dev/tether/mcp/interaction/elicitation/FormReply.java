package dev.tether.mcp.interaction.elicitation;

import dev.tether.security.ReservedKeys;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Checks a user's answer against the form it answers, before it goes back to the server: only
 * the form's fields (none of {@code __proto__}, {@code constructor}, {@code prototype}), every
 * required one present, each of its type, within its lengths, ranges and options, in its format,
 * and numbers finite. Editors and canned answers are not trusted to have done this.
 */
final class FormReply {
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s.]+(\\.[^@\\s.]+)+");

    private FormReply() {}

    static List<String> violations(FormSchema form, JsonNode content) {
        List<String> problems = new ArrayList<>();
        if (content == null || !content.isObject()) {
            problems.add("the answer is not an object");
            return problems;
        }
        for (String key : content.propertyNames()) {
            if (ReservedKeys.isReserved(key)) {
                problems.add("the answer has the forbidden key \"" + key + "\"");
            } else if (!form.fields().containsKey(key)) {
                problems.add("the answer has a field the form does not ask for");
            }
        }
        for (String name : form.required()) {
            JsonNode value = content.get(name);
            if (value == null || value.isNull()) {
                problems.add("required field \"" + name + "\" is missing");
            }
        }
        for (Map.Entry<String, FormSchema.Field> field : form.fields().entrySet()) {
            JsonNode value = content.get(field.getKey());
            if (value != null) {
                problems.addAll(violations(field.getKey(), field.getValue(), value));
            }
        }
        return problems;
    }

    /** Why {@code value} does not fit one field; empty when it does. */
    static List<String> violations(String name, FormSchema.Field field, JsonNode value) {
        JsonNode schema = field.schema();
        List<String> problems = new ArrayList<>();
        switch (field.type()) {
            case "string" -> {
                if (!value.isString()) {
                    problems.add(name + ": not a string");
                    break;
                }
                String text = value.asString();
                int length = text.codePointCount(0, text.length());
                if (schema.has("minLength") && length < schema.get("minLength").asLong()) {
                    problems.add(name + ": shorter than " + schema.get("minLength").asLong());
                }
                if (schema.has("maxLength") && length > schema.get("maxLength").asLong()) {
                    problems.add(name + ": longer than " + schema.get("maxLength").asLong());
                }
                if (field.options() != null && !field.options().contains(text)) {
                    problems.add(name + ": not one of the options");
                }
                String format = schema.path("format").asString(null);
                if (format != null && !matchesFormat(format, text)) {
                    problems.add(name + ": not a valid " + format);
                }
            }
            case "number", "integer" -> {
                if (!value.isNumber() || !Double.isFinite(value.asDouble())) {
                    problems.add(name + ": not a finite number");
                    break;
                }
                if (field.type().equals("integer") && !isIntegral(value)) {
                    problems.add(name + ": not an integer");
                }
                double number = value.asDouble();
                if (schema.has("minimum") && number < schema.get("minimum").asDouble()) {
                    problems.add(name + ": below the minimum");
                }
                if (schema.has("maximum") && number > schema.get("maximum").asDouble()) {
                    problems.add(name + ": above the maximum");
                }
            }
            case "boolean" -> {
                if (!value.isBoolean()) {
                    problems.add(name + ": not a boolean");
                }
            }
            case "array" -> {
                if (!value.isArray()) {
                    problems.add(name + ": not a list");
                    break;
                }
                Set<String> seen = new HashSet<>();
                for (JsonNode item : value) {
                    if (!item.isString() || !field.options().contains(item.asString())) {
                        problems.add(name + ": has a value that is not one of the options");
                    } else if (!seen.add(item.asString())) {
                        problems.add(name + ": has a value twice");
                    }
                }
                if (schema.has("minItems") && value.size() < schema.get("minItems").asLong()) {
                    problems.add(name + ": fewer than " + schema.get("minItems").asLong() + " choices");
                }
                if (schema.has("maxItems") && value.size() > schema.get("maxItems").asLong()) {
                    problems.add(name + ": more than " + schema.get("maxItems").asLong() + " choices");
                }
            }
            default -> problems.add(name + ": unsupported type");
        }
        return problems;
    }

    private static boolean isIntegral(JsonNode value) {
        if (value.isIntegralNumber()) {
            return true;
        }
        double d = value.asDouble();
        return d == Math.rint(d) && Math.abs(d) < 9.007199254740992E15;
    }

    static boolean matchesFormat(String format, String text) {
        try {
            return switch (format) {
                case "email" -> EMAIL.matcher(text).matches();
                case "uri" -> {
                    URI uri = new URI(text);
                    yield uri.isAbsolute() && uri.getScheme().matches("[A-Za-z][A-Za-z0-9+.-]*");
                }
                case "date" -> {
                    LocalDate.parse(text);
                    yield true;
                }
                case "date-time" -> {
                    OffsetDateTime.parse(text);
                    yield true;
                }
                default -> false;
            };
        } catch (URISyntaxException | DateTimeParseException e) {
            return false;
        }
    }
}
