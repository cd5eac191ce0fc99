package dev.tether.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A fence is longer than any backtick run inside, and never shorter than three. */
class CodeFenceTest {
    @Test
    void plainTextGetsThreeBackticks() {
        assertEquals("```sh\nls -l\n```", CodeFence.wrap("ls -l", "sh"));
    }

    @Test
    void theFenceOutgrowsTheLongestRunInside() {
        assertEquals("`````\na ```` b ` c\n`````", CodeFence.wrap("a ```` b ` c\n", ""));
    }

    @Test
    void aTrailingRunCannotJoinTheClosingFence() {
        assertEquals("````\nx```\n````", CodeFence.wrap("x```", ""));
    }
}
