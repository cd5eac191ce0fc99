package dev.tether.mcp.content;

import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.call.Provenance;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps resource contents and prompt messages through the same {@link ResultMapper} as tool
 * results, so the rules are identical: sanitised text inline up to the budget and beyond it
 * head + sha256 + size + {@code artifact:<id>}; blobs as provenance (mime type, size, sha256);
 * images as image parts only within the image budget; resource links as one line.
 */
public final class ContentResults {
    /** Starts a read result whose resource the server reported as changed since the model last read it. */
    public static final String UPDATED_NOTE = "(updated since your last read)";

    private final ResultMapper mapper;

    public ContentResults(ResultMapper mapper) {
        this.mapper = mapper;
    }

    /** A {@code resources/read} result for the model. */
    public ToolOutcome resource(List<McpContent> contents, boolean updatedSinceLastRead) {
        return resource(contents, updatedSinceLastRead, null);
    }

    /**
     * A {@code resources/read} result for the model; past the inline budget its head says how to
     * read on with {@code read_artifact}.
     *
     * @param provenance the server and URI, kept beside the artifact; null when unknown
     */
    public ToolOutcome resource(List<McpContent> contents, boolean updatedSinceLastRead, Provenance provenance) {
        ToolOutcome mapped = mapper.map(new McpCallResult(contents, null, false), null, provenance);
        if (!updatedSinceLastRead) {
            return mapped;
        }
        List<Part> forModel = new ArrayList<>(mapped.forModel());
        if (!forModel.isEmpty() && forModel.getFirst() instanceof Part.Text first) {
            forModel.set(0, new Part.Text(UPDATED_NOTE + "\n" + first.text()));
        } else {
            forModel.addFirst(new Part.Text(UPDATED_NOTE));
        }
        List<ToolDisplay> forEditor = new ArrayList<>(mapped.forEditor());
        forEditor.addFirst(ToolDisplay.text(UPDATED_NOTE));
        return new ToolOutcome(forModel, forEditor, mapped.rawOutput(), mapped.isError(), mapped.audit());
    }

    /**
     * One {@code prompts/get} message: {@code assistant} stays the assistant, every other role is
     * the user (a server cannot speak as the system).
     */
    public ModelMessage message(String role, McpContent content) {
        List<Part> parts = mapper.map(new McpCallResult(List.of(content), null, false), null).forModel();
        return new ModelMessage("assistant".equals(role) ? ModelMessage.Role.ASSISTANT : ModelMessage.Role.USER, parts);
    }
}
