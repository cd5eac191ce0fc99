package dev.tether.cli.train;

import dev.tether.json.Json;

/** The server-sent events {@link TrainingModel} answers with, in each provider's wire format. */
final class TrainingStreams {
    private TrainingStreams() {}

    static String anthropicStart() {
        return event("message_start", "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_train\",\"type\":\"message\","
                + "\"role\":\"assistant\",\"model\":\"training\",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,"
                + "\"usage\":{\"input_tokens\":10,\"output_tokens\":1}}}")
                + event("ping", "{\"type\":\"ping\"}");
    }

    static String anthropicText(String text) {
        return anthropicStart()
                + event("content_block_start", "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}")
                + event("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":"
                        + quote(text) + "}}")
                + event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}")
                + anthropicEnd("end_turn");
    }

    static String anthropicTool(String name, String input) {
        return anthropicStart()
                + event("content_block_start", "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\","
                        + "\"id\":\"toolu_train\",\"name\":" + quote(name) + ",\"input\":{}}}")
                + event("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\","
                        + "\"partial_json\":" + quote(input) + "}}")
                + event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}")
                + anthropicEnd("tool_use");
    }

    private static String anthropicEnd(String stopReason) {
        return event("message_delta", "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"" + stopReason
                + "\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":5}}")
                + event("message_stop", "{\"type\":\"message_stop\"}");
    }

    static String openAiStart() {
        return data("{\"id\":\"chatcmpl-train\",\"object\":\"chat.completion.chunk\",\"model\":\"training\","
                + "\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}");
    }

    static String openAiText(String text) {
        return openAiStart()
                + chunk("{\"content\":" + quote(text) + "}", null)
                + chunk("{}", "stop")
                + usage()
                + data("[DONE]");
    }

    static String openAiTool(String name, String input) {
        return openAiStart()
                + chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"call_train\",\"type\":\"function\",\"function\":{\"name\":"
                        + quote(name) + ",\"arguments\":" + quote(input) + "}}]}", null)
                + chunk("{}", "tool_calls")
                + usage()
                + data("[DONE]");
    }

    private static String chunk(String delta, String finish) {
        return data("{\"id\":\"chatcmpl-train\",\"object\":\"chat.completion.chunk\",\"model\":\"training\",\"choices\":[{\"index\":0,"
                + "\"delta\":" + delta + ",\"finish_reason\":" + (finish == null ? "null" : "\"" + finish + "\"") + "}]}");
    }

    private static String usage() {
        return data("{\"id\":\"chatcmpl-train\",\"object\":\"chat.completion.chunk\",\"model\":\"training\",\"choices\":[],"
                + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":5,\"total_tokens\":15}}");
    }

    private static String event(String name, String json) {
        return "event: " + name + "\ndata: " + json + "\n\n";
    }

    private static String data(String json) {
        return "data: " + json + "\n\n";
    }

    private static String quote(String text) {
        return Json.write(text);
    }
}
