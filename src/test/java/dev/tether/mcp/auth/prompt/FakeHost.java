package dev.tether.mcp.auth.prompt;

import dev.tether.base.Cancellation;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.mcp.interaction.sampling.Sampling;
import dev.tether.mcp.interaction.sampling.SamplingReply;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;

/** An editor that answers URL elicitations or link offers with scripted behaviour, recording what it was shown. */
final class FakeHost implements McpHost {
    record Offer(String server, String message, String url) {}

    final List<Elicitation> elicitations = new CopyOnWriteArrayList<>();
    final List<Offer> offers = new CopyOnWriteArrayList<>();
    private final boolean urlElicitation;
    BiFunction<Elicitation, Cancellation, ElicitationReply> onElicit = (e, c) -> ElicitationReply.DECLINE;
    BiFunction<Offer, Cancellation, Boolean> onOffer = (o, c) -> false;

    FakeHost(boolean urlElicitation) {
        this.urlElicitation = urlElicitation;
    }

    @Override
    public boolean canElicitForm() {
        return false;
    }

    @Override
    public boolean canElicitUrl() {
        return urlElicitation;
    }

    @Override
    public ElicitationReply elicit(Elicitation request, Cancellation cancellation) {
        elicitations.add(request);
        return onElicit.apply(request, cancellation);
    }

    @Override
    public boolean offerLink(String server, String message, String url, Cancellation cancellation) {
        Offer offer = new Offer(server, message, url);
        offers.add(offer);
        return onOffer.apply(offer, cancellation);
    }

    @Override
    public SamplingReply sample(Sampling request, Cancellation cancellation) {
        throw new AssertionError("not used");
    }

    @Override
    public List<Path> roots() {
        return List.of();
    }

    @Override
    public void notice(McpNotice notice) {}
}
