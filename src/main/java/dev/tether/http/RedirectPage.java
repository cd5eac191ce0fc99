package dev.tether.http;

/** The small page the browser shows after the redirect. Everything from the request is escaped. */
final class RedirectPage {
    private RedirectPage() {}

    static String signedIn() {
        return page("Signed in", "Tether has what it needs. You can close this tab and return to your editor.");
    }

    static String refused(String error, String description) {
        String reason = description == null || description.isBlank() ? error : error + ": " + description;
        return page("Sign-in did not complete", "The authorization server answered \u201c" + escape(cap(reason))
                + "\u201d. You can close this tab; your editor will tell you what happened.");
    }

    static String wrongState() {
        return page("Not the sign-in Tether is waiting for",
                "This answer does not belong to the sign-in Tether started, so it was ignored. Start the sign-in again from your editor.");
    }

    static String notFound() {
        return page("Nothing here", "This address is not waiting for a sign-in.");
    }

    /** Escapes for HTML text and attribute values (one line: newlines and tabs become spaces). */
    static String escape(String text) {
        return Html.escape(text).replace('\n', ' ').replace('\t', ' ');
    }

    /** An authorization server's error text is not ours to print at any length. */
    private static String cap(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "\u2026" : text;
    }

    private static String page(String title, String body) {
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>Tether: %1$s</title>
                <meta name="viewport" content="width=device-width, initial-scale=1"></head>
                <body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 4em auto; line-height: 1.5">
                <h1 style="font-size: 1.4em">%1$s</h1>
                <p>%2$s</p>
                </body></html>
                """.formatted(title, body);
    }
}
