package dev.tether.mcp.catalog;

/**
 * A catalog fetch failed: a bound was broken, an item was invalid, or a page request failed.
 * Nothing of the fetch was committed. The message is readable and may quote server text;
 * redact it before showing it.
 */
public final class CatalogException extends RuntimeException {
    public CatalogException(String message) {
        super(message, null, false, false);
    }
}
