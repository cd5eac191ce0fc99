package dev.tether.mcp.auth.ledger;

/**
 * A ledger file that Tether refuses to use (a symlink, another owner, a mode wider than 0600,
 * not JSON) or could not write. The message names the file and what to do; it never holds a
 * record's contents.
 */
public final class LedgerException extends RuntimeException {
    public LedgerException(String message) {
        super(message, null, false, false);
    }
}
