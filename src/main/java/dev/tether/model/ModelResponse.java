package dev.tether.model;

/** A complete model answer: the assistant message (every block, in order), why it stopped, usage. */
public record ModelResponse(ModelMessage message, ModelStopReason stopReason, Usage usage) {}
