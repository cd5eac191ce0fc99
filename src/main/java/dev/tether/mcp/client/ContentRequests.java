package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.mcp.catalog.CatalogFetcher;
import dev.tether.mcp.content.CompletionRef;
import dev.tether.mcp.content.ContentWire;
import dev.tether.mcp.content.McpCompletion;
import dev.tether.mcp.content.McpPrompt;
import dev.tether.mcp.content.McpResource;
import dev.tether.mcp.content.McpResourceTemplate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The content requests of one {@link McpClientSession}: resource, template and prompt lists
 * (bounded, failing whole), {@code resources/read}, subscriptions, {@code prompts/get} and
 * {@code completion/complete}. Each is checked against the capabilities the server declared
 * before it is sent; the caller has already checked it against the committed catalogs.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/resources">MCP resources</a>
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/prompts">MCP prompts</a>
 */
public final class ContentRequests {
    private final RequestSender sender;
    private final ListPages lists;

    ContentRequests(RequestSender sender, ListPages lists) {
        this.sender = sender;
        this.lists = lists;
    }

    /** Whether the server declared {@code resources.subscribe: true}. */
    public boolean declaresSubscribe() {
        McpClientSession.Initialized init = sender.revision().initialized();
        JsonNode resources = init == null ? null : init.capabilities().get("resources");
        return resources != null && resources.path("subscribe").asBoolean(false);
    }

    /** Whether the server declared the extension {@code id} under {@code capabilities.extensions}. */
    public boolean declaresExtension(String id) {
        McpClientSession.Initialized init = sender.revision().initialized();
        return init != null && init.capabilities().path("extensions").path(id).isObject();
    }

    /**
     * {@code skills/get} of the Skills extension: the entry of the skill whose {@code SKILL.md} is
     * {@code uri}, as sent (the caller checks it). The server must have declared the extension and
     * the resources it rests on.
     *
     * @see <a href="https://modelcontextprotocol.io/extensions/skills">MCP Skills extension (SEP-2640)</a>
     */
    public JsonNode getSkill(String uri, String extension, Duration timeout, Cancellation cancellation) {
        sender.revision().require("resources", "skills/get");
        if (!declaresExtension(extension)) {
            throw Failures.undeclared(sender.revision().server(), "the " + extension + " extension", "skills/get");
        }
        ObjectNode params = Json.object();
        params.put("uri", uri);
        JsonNode result = sender.send("skills/get", params, timeout, McpError.Timeout.Kind.READ, cancellation);
        JsonNode skill = result == null ? null : result.get("skill");
        if (skill == null || !skill.isObject()) {
            throw new McpError.Malformed("skills/get answer has no skill object");
        }
        return skill;
    }

    /** Lists every resource within {@code bounds}; fails whole. */
    public List<McpResource> listResources(CatalogBounds bounds, Duration pageTimeout, Cancellation cancellation) {
        return new CatalogFetcher<>("resources/list", "resources", ContentWire::resource, McpResource::uri, bounds)
                .fetch(cursor -> lists.page("resources/list", "resources", cursor, pageTimeout, cancellation));
    }

    /** Lists every resource template within {@code bounds}; fails whole. */
    public List<McpResourceTemplate> listResourceTemplates(CatalogBounds bounds, Duration pageTimeout,
                                                           Cancellation cancellation) {
        return new CatalogFetcher<>("resources/templates/list", "resourceTemplates", ContentWire::template,
                McpResourceTemplate::uriTemplate, bounds)
                .fetch(cursor -> lists.page("resources/templates/list", "resources", cursor, pageTimeout, cancellation));
    }

    /** Lists every prompt within {@code bounds}; fails whole. */
    public List<McpPrompt> listPrompts(CatalogBounds bounds, Duration pageTimeout, Cancellation cancellation) {
        return new CatalogFetcher<>("prompts/list", "prompts", ContentWire::prompt, McpPrompt::name, bounds)
                .fetch(cursor -> lists.page("prompts/list", "prompts", cursor, pageTimeout, cancellation));
    }

    /** {@code resources/read}: the contents as embedded-resource blocks (text or blob), as sent. */
    public List<McpContent> readResource(String uri, Duration timeout, Cancellation cancellation) {
        sender.revision().require("resources", "resources/read");
        ObjectNode params = Json.object();
        params.put("uri", uri);
        JsonNode result = sender.send("resources/read", params, timeout, McpError.Timeout.Kind.READ, cancellation);
        JsonNode contents = result == null ? null : result.get("contents");
        if (contents == null || !contents.isArray()) {
            throw new McpError.Malformed("resources/read answer has no contents array");
        }
        List<McpContent> blocks = new ArrayList<>();
        for (JsonNode item : contents) {
            ObjectNode wrapped = Json.object();
            wrapped.put("type", "resource");
            wrapped.set("resource", item);
            blocks.add(McpWire.content(wrapped));
        }
        return blocks;
    }

    /**
     * Starts ({@code subscribe}) or stops updates of {@code uri} as the session's revision carries
     * them: {@code resources/subscribe} or {@code resources/unsubscribe} up to 2025-11-25; nothing is
     * sent on 2026-07-28, where the listen stream's filter carries the subscribed resources.
     *
     * @throws McpError the server did not declare subscriptions, refused, or timed out
     */
    public void subscription(String uri, boolean subscribe, Duration timeout, Cancellation cancellation) {
        sender.revision().subscription(uri, subscribe, timeout, cancellation);
    }

    /** {@code prompts/get}: the messages as sent. */
    public List<McpClientSession.PromptMessage> getPrompt(String name, Map<String, String> arguments, Duration timeout,
                                         Cancellation cancellation) {
        sender.revision().require("prompts", "prompts/get");
        ObjectNode params = Json.object();
        params.put("name", name);
        ObjectNode args = params.putObject("arguments");
        arguments.forEach(args::put);
        JsonNode result = sender.send("prompts/get", params, timeout, McpError.Timeout.Kind.PROMPT, cancellation);
        JsonNode messages = result == null ? null : result.get("messages");
        if (messages == null || !messages.isArray()) {
            throw new McpError.Malformed("prompts/get answer has no messages array");
        }
        List<McpClientSession.PromptMessage> out = new ArrayList<>();
        for (JsonNode message : messages) {
            out.add(new McpClientSession.PromptMessage(McpWire.text(message, "role"), McpWire.content(message.path("content"))));
        }
        return out;
    }

    /** {@code completion/complete}: every string value as sent (the caller bounds them). */
    public McpCompletion complete(CompletionRef ref, String argument, String value, Map<String, String> context,
                                  Duration timeout, Cancellation cancellation) {
        sender.revision().require("completions", "completion/complete");
        ObjectNode params = Json.object();
        ObjectNode refNode = params.putObject("ref");
        switch (ref) {
            case CompletionRef.Prompt p -> refNode.put("type", "ref/prompt").put("name", p.name());
            case CompletionRef.ResourceTemplate t -> refNode.put("type", "ref/resource").put("uri", t.uriTemplate());
        }
        params.putObject("argument").put("name", argument).put("value", value);
        if (context != null && !context.isEmpty()) {
            ObjectNode args = params.putObject("context").putObject("arguments");
            context.forEach(args::put);
        }
        JsonNode result = sender.send("completion/complete", params, timeout, McpError.Timeout.Kind.COMPLETION, cancellation);
        JsonNode completion = result == null ? null : result.get("completion");
        JsonNode values = completion == null ? null : completion.get("values");
        if (values == null || !values.isArray()) {
            throw new McpError.Malformed("completion/complete answer has no completion.values array");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode v : values) {
            if (v.isString()) {
                out.add(v.asString());
            }
        }
        JsonNode total = completion.get("total");
        JsonNode hasMore = completion.get("hasMore");
        return new McpCompletion(out, total != null && total.canConvertToInt() && total.isIntegralNumber() ? total.asInt() : null,
                hasMore != null && hasMore.isBoolean() ? hasMore.asBoolean() : null);
    }
}
