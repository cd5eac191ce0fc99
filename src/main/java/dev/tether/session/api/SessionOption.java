package dev.tether.session.api;

import java.util.List;

/**
 * One option the user chooses per session (the model, the thinking level): a select among
 * {@code options}, currently {@code currentValue}; {@code category} is the kind of option.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-config-options">ACP session config options</a>
 */
public record SessionOption(String id, String name, String description, String category, String currentValue,
                            List<Choice> options) {

    public record Choice(String value, String name, String description) {}
}
