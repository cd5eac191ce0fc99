package dev.tether.session.compaction;

import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.session.SessionServices;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.ScriptedCatalog;
import dev.tether.tools.ToolFilter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** What the compaction tests share: an agent with a small context window, and readings of what was seen and sent. */
final class Compaction {
    /** An editor that shows compactions as such. */
    static final String COMPACTION_EDITOR = """
            {"protocolVersion":1,"clientCapabilities":{"fs":{"readTextFile":true,"writeTextFile":true},"terminal":false,
             "session":{"compaction":{}}},"clientInfo":{"name":"compaction-editor","version":"1.0.0"}}""";

    private Compaction() {}

    static InProcessAgent agent(Path state, ScriptedCatalog model, long windowTokens) {
        return new InProcessAgent(state, model, InProcessAgent.NO_MCP, ToolFilter.ALLOW_ALL,
                services -> new SessionServices(services.transcripts(), services.models(), services.mcp(), services.frontend(),
                        services.mcpSources(), services.toolFilter(), services.limits().withContext(windowTokens, 0.85),
                        services.secrets()));
    }

    /** Every agent message the editor was shown, joined. */
    static String text(AcpTestClient client, String session) {
        return client.updates(session, "agent_message_chunk").stream()
                .map(u -> u.path("content").path("text").asString()).collect(Collectors.joining());
    }

    static List<String> toolUseIds(List<ModelMessage> messages) {
        return messages.stream().flatMap(m -> m.parts().stream())
                .filter(Part.ToolUse.class::isInstance).map(p -> ((Part.ToolUse) p).id()).toList();
    }
}
