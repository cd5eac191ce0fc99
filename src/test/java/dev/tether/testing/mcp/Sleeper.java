package dev.tether.testing.mcp;

/** A grandchild process that does nothing until killed. */
public final class Sleeper {
    public static void main(String[] args) throws InterruptedException {
        Thread.sleep(Long.MAX_VALUE);
    }

    private Sleeper() {}
}
