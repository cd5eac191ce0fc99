package dev.tether.mcp.interaction.elicitation;

import dev.tether.base.Cancellation;

/**
 * A decorator around showing an elicitation to the user, called after the request was checked and
 * before it is shown, and seeing the reply before it is validated and sent back. It may answer by
 * itself without calling {@code next} (tests answer from canned replies this way), or call
 * {@code next} and look at or replace what comes back.
 * Whatever it returns is still validated against the form before the server sees it.
 */
@FunctionalInterface
public interface ElicitationHook {
    ElicitationReply around(Elicitation request, Cancellation cancellation, Next next);

    /** The rest of the chain: in the runtime, the host's {@link ElicitationSurface#elicit}. */
    @FunctionalInterface
    interface Next {
        ElicitationReply elicit(Elicitation request, Cancellation cancellation);
    }

    /** Shows every request to the user. */
    ElicitationHook PASS = (request, cancellation, next) -> next.elicit(request, cancellation);
}
