package dev.tether.tools;

/**
 * What a session's host offers its tool calls: chosen once, where the session is built, so a
 * tool never asks which host it has.
 *
 * @param terminals the host's terminals, or null when it has none (commands then run as local
 *                  processes)
 */
public record ToolPorts(FileSystem files, Terminals terminals, Plan plan) {}
