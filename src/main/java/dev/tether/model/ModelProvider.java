package dev.tether.model;

import dev.tether.base.Cancellation;

/**
 * The seam to a model: one streaming request. Implementations are thin clients (Anthropic
 * Messages, OpenAI-compatible Chat Completions) or the scripted provider.
 */
public interface ModelProvider {

    ModelInfo info();

    /**
     * Sends {@code request} and streams the answer into {@code events}; returns the assembled
     * response. Cancellation closes the stream at once and throws
     * {@link dev.tether.base.CancelledException}. Does not retry: the caller does.
     */
    ModelResponse stream(ModelRequest request, ModelEvents events, Cancellation cancellation) throws ModelException;
}
