package dev.tether.testing.mcp;

import dev.tether.base.Cancellation;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.mcp.interaction.sampling.Sampling;
import dev.tether.mcp.interaction.sampling.SamplingReply;
import dev.tether.mcp.task.TaskEvents;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;

/** A fake {@link McpHost}: records everything it is asked and answers from a script. */
public final class ScriptedHost implements McpHost {
    public final List<Elicitation> elicitations = new CopyOnWriteArrayList<>();
    public final List<Sampling> samplings = new CopyOnWriteArrayList<>();
    public final List<McpNotice> notices = new CopyOnWriteArrayList<>();
    /** Tasks that went to the background, with the server's immediate response (or null). */
    public final List<Map.Entry<TaskEvents.TaskReport, String>> backgrounded = new CopyOnWriteArrayList<>();
    /** Background tasks that ended. */
    public final List<TaskEvents.TaskReport> ended = new CopyOnWriteArrayList<>();
    private final boolean form;
    private final boolean url;
    private volatile BiFunction<Elicitation, Cancellation, ElicitationReply> elicit = (r, c) -> ElicitationReply.DECLINE;
    private volatile BiFunction<Sampling, Cancellation, SamplingReply> sample = (r, c) -> SamplingReply.refused("no");
    private volatile List<Path> roots = List.of();

    public ScriptedHost(boolean form, boolean url) {
        this.form = form;
        this.url = url;
    }

    public ScriptedHost answering(BiFunction<Elicitation, Cancellation, ElicitationReply> script) {
        this.elicit = script;
        return this;
    }

    public ScriptedHost sampling(BiFunction<Sampling, Cancellation, SamplingReply> script) {
        this.sample = script;
        return this;
    }

    public ScriptedHost withRoots(List<Path> dirs) {
        this.roots = List.copyOf(dirs);
        return this;
    }

    /** Blocks until cancelled, then says what a person would never have: "accept". */
    public static ElicitationReply waitForCancel(Elicitation request, Cancellation cancellation) {
        try {
            cancellation.await(java.time.Duration.ofSeconds(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new ElicitationReply("accept", null);
    }

    @Override
    public boolean canElicitForm() {
        return form;
    }

    @Override
    public boolean canElicitUrl() {
        return url;
    }

    @Override
    public ElicitationReply elicit(Elicitation request, Cancellation cancellation) {
        elicitations.add(request);
        return elicit.apply(request, cancellation);
    }

    @Override
    public SamplingReply sample(Sampling request, Cancellation cancellation) {
        samplings.add(request);
        return sample.apply(request, cancellation);
    }

    @Override
    public List<Path> roots() {
        return roots;
    }

    @Override
    public void notice(McpNotice notice) {
        notices.add(notice);
    }

    @Override
    public TaskEvents taskEvents() {
        return new TaskEvents() {
            @Override
            public void backgrounded(TaskReport task, String immediateResponse) {
                backgrounded.add(new AbstractMap.SimpleImmutableEntry<>(task, immediateResponse));
            }

            @Override
            public void ended(TaskReport report) {
                ended.add(report);
            }
        };
    }
}
