package dev.tether.session.api;

/**
 * One piece of what the user sent in a prompt, as the editor sent it; {@code PromptContent}
 * makes model parts of it.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/content">ACP content</a>
 */
public sealed interface PromptBlock {

    record Text(String text) implements PromptBlock {}

    /** Base64 {@code data} (may be missing), and where the image came from. */
    record Image(String data, String mimeType, String uri) implements PromptBlock {}

    record Audio(String data, String mimeType) implements PromptBlock {}

    /** A reference the agent may read itself; only {@code uri} is certain. */
    record ResourceLink(String uri, String name, String title, String description, String mimeType, Long size)
            implements PromptBlock {}

    /** A resource sent with the prompt; {@code resource} is null when the editor sent none. */
    record Resource(Embedded resource) implements PromptBlock {}

    /** Exactly one of {@code text} and {@code blob} (base64) is set. */
    record Embedded(String uri, String mimeType, String text, String blob) {}
}
