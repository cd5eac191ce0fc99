package dev.tether.testing.mcp;

import dev.tether.base.Cancellation;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationHook;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * An {@link ElicitationHook} for tests that have no person to ask: the first answer whose
 * {@code server} (exact) and {@code message} (a case-insensitive substring of the request's
 * message) match, each optional, answers; a request no answer matches goes on to the host.
 * What it answers is still validated against the form, like the user's answer.
 */
public final class CannedElicitationAnswers implements ElicitationHook {
    private record Answer(String server, String message, ElicitationReply reply) {
        boolean matches(Elicitation request) {
            return (server == null || server.equals(request.server()))
                    && (message == null || (request.message() != null
                    && request.message().toLowerCase(Locale.ROOT).contains(message.toLowerCase(Locale.ROOT))));
        }
    }

    private final List<Answer> answers = new ArrayList<>();

    /** Answers requests of {@code server} whose message contains {@code message} (null: any) with {@code action} and {@code content}. */
    public CannedElicitationAnswers answer(String server, String message, String action, JsonNode content) {
        answers.add(new Answer(server, message, new ElicitationReply(action, content)));
        return this;
    }

    @Override
    public ElicitationReply around(Elicitation request, Cancellation cancellation, Next next) {
        for (Answer answer : answers) {
            if (answer.matches(request)) {
                return answer.reply();
            }
        }
        return next.elicit(request, cancellation);
    }
}
