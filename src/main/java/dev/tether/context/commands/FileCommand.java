package dev.tether.context.commands;

import java.nio.file.Path;

/**
 * A slash command read from a Markdown file: {@code /name} expands to the file's body, with the
 * command's arguments put in ({@link CommandTemplate}), as the user's own message. Nothing else:
 * front matter that would grant something ({@code allowed-tools}, {@code model}) is not read.
 *
 * @param name         the file's name without {@code .md}
 * @param description  the front matter's {@code description}, else the body's first line; sanitised
 * @param argumentHint the front matter's {@code argument-hint}, or null
 * @param body         the text after the front matter
 * @param where        where it comes from, for the user ({@code project}, {@code project:frontend}, {@code user})
 * @param file         the file, for warnings
 * @see <a href="https://agentclientprotocol.com/protocol/slash-commands">ACP slash commands</a>
 */
public record FileCommand(String name, String description, String argumentHint, String body, String where, Path file) {}
