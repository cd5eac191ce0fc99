package dev.tether.tools.rules;

/**
 * Who an MCP server of a session is, for the rules that name it. A name carries no trust: a rule
 * naming {@code mcp__github__…} allows only the server it was written for.
 *
 * @param identity what the server runs or reaches (transport and command line, or transport and
 *                 URL), as "Always allow" pins it; null when unknown
 * @param owner    whose server the name is in this session
 */
public record ServerBinding(String identity, Owner owner) {
    /** A server nothing is known about: only deny and ask rules, and pinned answers of this session, reach it. */
    public static final ServerBinding UNKNOWN = new ServerBinding(null, Owner.NONE);

    /** Whose server a name is. */
    public enum Owner {
        /**
         * The user's: declared in their own sources (config file, local scope, {@code --mcp-config},
         * managed settings), or the editor's server their entry for the name is bound to.
         */
        USER,
        /** Declared by this project's {@code .mcp.json} and approved by the user for the project. */
        PROJECT,
        /** Anyone else's (an editor's server no entry of the user's is bound to): no allow rule reaches it but a pinned one. */
        NONE
    }

    /** Whether an allow rule of {@code scope} that names the server without pinning it reaches it. */
    public boolean takesAllowFrom(RuleScope scope) {
        return switch (scope) {
            case MANAGED, USER -> owner == Owner.USER;
            case PROJECT -> owner == Owner.PROJECT;
            case LOCAL, SESSION, FLAG -> owner != Owner.NONE;
        };
    }
}
