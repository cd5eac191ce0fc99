package dev.tether.acp;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.PlanEntry;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.acp.schema.ToolCallContent;
import dev.tether.acp.schema.ToolCallLocation;
import dev.tether.acp.schema.ToolKind;
import dev.tether.tools.Location;
import dev.tether.tools.Plan;
import dev.tether.tools.ToolDisplay;
import java.util.List;

/**
 * The one mapping from what tools show ({@link ToolDisplay}, {@link dev.tether.tools.ToolKind},
 * {@link Location}, {@link Plan.Item}) to ACP's tool call and plan vocabulary.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls">ACP tool calls</a>
 */
public final class ToolDisplays {
    private ToolDisplays() {}

    public static ToolCallContent toAcp(ToolDisplay display) {
        return switch (display) {
            case ToolDisplay.Text t -> new ToolCallContent.Content(new ContentBlock.Text(t.text()));
            case ToolDisplay.Image i -> new ToolCallContent.Content(new ContentBlock.Image(i.data(), i.mimeType(), i.uri()));
            case ToolDisplay.Audio a -> new ToolCallContent.Content(new ContentBlock.Audio(a.data(), a.mimeType()));
            case ToolDisplay.ResourceLink l -> new ToolCallContent.Content(
                    new ContentBlock.ResourceLink(l.uri(), l.name(), l.title(), l.description(), l.mimeType(), l.size()));
            case ToolDisplay.Resource r -> new ToolCallContent.Content(
                    new ContentBlock.Resource(new ContentBlock.EmbeddedResource(r.uri(), r.mimeType(), r.text(), r.blob())));
            case ToolDisplay.Diff d -> new ToolCallContent.Diff(d.path(), d.oldText(), d.newText());
            case ToolDisplay.Terminal t -> new ToolCallContent.Terminal(t.terminalId());
            case ToolDisplay.Session s -> new ToolCallContent.Session(s.sessionId());
        };
    }

    /** Each display in order; null stays null (an update that leaves the content as it was). */
    public static List<ToolCallContent> toAcp(List<ToolDisplay> displays) {
        return displays == null ? null : displays.stream().map(ToolDisplays::toAcp).toList();
    }

    public static ToolKind toAcp(dev.tether.tools.ToolKind kind) {
        return kind == null ? null : ToolKind.valueOf(kind.name());
    }

    public static List<ToolCallLocation> locations(List<Location> locations) {
        return locations == null ? null : locations.stream().map(l -> new ToolCallLocation(l.path(), l.line())).toList();
    }

    /** The one plan {@code update_plan} keeps per session, by the id plan operations give it. */
    static final String PLAN_ID = "plan";

    /**
     * The whole plan as a plan operation, for editors that advertise {@code plan}: the session's one
     * plan replaced, or removed when it has no entries left.
     */
    public static SessionUpdate planOperation(List<Plan.Item> entries) {
        return entries.isEmpty() ? new SessionUpdate.PlanRemoved(PLAN_ID)
                : new SessionUpdate.PlanUpdate(new SessionUpdate.PlanItems(PLAN_ID, plan(entries).entries()));
    }

    /** The whole plan, as ACP sends it each time. */
    public static SessionUpdate.Plan plan(List<Plan.Item> entries) {
        return new SessionUpdate.Plan(entries.stream().map(e -> new PlanEntry(e.content(), e.priority(), e.status())).toList());
    }
}
