package dev.tether.model.scripted;

import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code expect} checks of a script line. Each null or empty field is not checked.
 *
 * @param compaction true: the request must be a compaction's summary request; false: it must not be
 */
record Expectation(String lastUserTextContains, String toolResultContains, List<String> toolsInclude, List<String> toolsExclude,
                   String requestExcludes, String requestIncludes, Boolean compaction, String thinking, String lastUserImage) {
    static final Expectation NONE = new Expectation(null, null, List.of(), List.of(), null, null, null, null, null);

    Expectation {
        toolsInclude = List.copyOf(toolsInclude);
        toolsExclude = List.copyOf(toolsExclude);
    }

    /** The failed checks, as readable sentences; empty when the request fits. */
    List<String> failures(ModelRequest request) {
        List<String> failures = new ArrayList<>();
        ModelMessage lastUser = lastUser(request.messages());
        if (lastUserTextContains != null) {
            String text = lastUser == null ? "" : userText(lastUser);
            if (!text.contains(lastUserTextContains)) {
                failures.add("the last user text should contain \"" + lastUserTextContains + "\" but was \"" + clip(text) + "\"");
            }
        }
        if (toolResultContains != null) {
            List<String> results = lastUser == null ? List.of() : toolResultTexts(lastUser);
            if (results.stream().noneMatch(r -> r.contains(toolResultContains))) {
                failures.add("a tool result in the newest user message should contain \"" + toolResultContains + "\" but "
                        + (results.isEmpty() ? "there was none" : "they were " + results.stream().map(r -> "\"" + clip(r) + "\"").toList()));
            }
        }
        if (thinking != null && (request.thinking() == null || !request.thinking().id().equals(thinking))) {
            failures.add("the thinking level should be \"" + thinking + "\" but was \""
                    + (request.thinking() == null ? "none" : request.thinking().id()) + "\"");
        }
        if (lastUserImage != null && (lastUser == null || lastUser.parts().stream()
                .noneMatch(p -> p instanceof Part.Image image && lastUserImage.equals(image.mimeType())))) {
            failures.add("the last user message should hold an image of type " + lastUserImage);
        }
        if (requestExcludes != null && requestText(request).contains(requestExcludes)) {
            failures.add("nothing in the request (system, messages, tools) should contain \"" + requestExcludes + "\"");
        }
        if (requestIncludes != null && !requestText(request).contains(requestIncludes)) {
            failures.add("the request (system, messages, tools) should contain \"" + requestIncludes + "\"");
        }
        if (compaction != null && compaction != (request.purpose() == ModelRequest.Purpose.COMPACTION)) {
            failures.add(compaction ? "the request should be a compaction's summary request but was a conversation request"
                    : "the request should be a conversation request but was a compaction's summary request");
        }
        Set<String> offered = request.tools().stream().map(ToolDefinition::name).collect(Collectors.toCollection(java.util.TreeSet::new));
        List<String> missing = toolsInclude.stream().filter(name -> !offered.contains(name)).toList();
        if (!missing.isEmpty()) {
            failures.add("the tools offered should include " + missing + " but were " + offered);
        }
        List<String> present = toolsExclude.stream().filter(offered::contains).toList();
        if (!present.isEmpty()) {
            failures.add("the tools offered should not include " + present);
        }
        return failures;
    }

    /** Every text of the request, tool descriptions and schemas included. */
    private static String requestText(ModelRequest request) {
        StringBuilder text = new StringBuilder(request.system() == null ? "" : request.system());
        request.messages().forEach(m -> text.append('\n').append(m));
        request.tools().forEach(t -> text.append('\n').append(t));
        return text.toString();
    }

    private static ModelMessage lastUser(List<ModelMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role() == ModelMessage.Role.USER) {
                return messages.get(i);
            }
        }
        return null;
    }

    private static String userText(ModelMessage message) {
        StringBuilder text = new StringBuilder();
        for (Part part : message.parts()) {
            if (part instanceof Part.Text t) {
                text.append(text.isEmpty() ? "" : "\n").append(t.text());
            }
        }
        return text.toString();
    }

    private static List<String> toolResultTexts(ModelMessage message) {
        List<String> texts = new ArrayList<>();
        for (Part part : message.parts()) {
            if (part instanceof Part.ToolResult result) {
                StringBuilder text = new StringBuilder();
                result.content().forEach(inner -> {
                    if (inner instanceof Part.Text t) {
                        text.append(t.text());
                    }
                });
                texts.add(text.toString());
            }
        }
        return texts;
    }

    private static String clip(String text) {
        return text.length() <= 80 ? text : text.substring(0, 79) + "…";
    }
}
