package dev.tether.acp.schema;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * Content in prompts, messages and tool calls.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/content">ACP content</a>
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ContentBlock.Text.class, name = "text"),
        @JsonSubTypes.Type(value = ContentBlock.Image.class, name = "image"),
        @JsonSubTypes.Type(value = ContentBlock.Audio.class, name = "audio"),
        @JsonSubTypes.Type(value = ContentBlock.ResourceLink.class, name = "resource_link"),
        @JsonSubTypes.Type(value = ContentBlock.Resource.class, name = "resource"),
})
public sealed interface ContentBlock {

    @JsonProperty("type")
    String type();

    record Text(String text) implements ContentBlock {
        @Override
        public String type() {
            return "text";
        }
    }

    record Image(String data, String mimeType, String uri) implements ContentBlock {
        @Override
        public String type() {
            return "image";
        }
    }

    record Audio(String data, String mimeType) implements ContentBlock {
        @Override
        public String type() {
            return "audio";
        }
    }

    record ResourceLink(String uri, String name, String title, String description, String mimeType, Long size)
            implements ContentBlock {
        @Override
        public String type() {
            return "resource_link";
        }
    }

    /** An embedded resource: text ({@code text}) or binary ({@code blob}, base64). */
    record Resource(EmbeddedResource resource) implements ContentBlock {
        @Override
        public String type() {
            return "resource";
        }
    }

    /** Exactly one of {@code text} and {@code blob} is set. */
    record EmbeddedResource(String uri, String mimeType, String text, String blob) {}

    static ContentBlock text(String text) {
        return new Text(text);
    }
}
