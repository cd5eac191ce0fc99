/**
 * Where OAuth records are kept, and who may read them: the {@link dev.tether.mcp.auth.ledger.TokenStore}
 * seam the OAuth flow writes through, its implementations (memory, the ledger files, and
 * {@link dev.tether.mcp.auth.ledger.SecretRecordingStore}, which tells the secret registry every
 * token that passes), and which records are a server's. Knows no OAuth flow: records are opaque.
 *
 * <ul>
 *   <li>The <b>host ledger</b>, {@code $XDG_STATE_HOME/tether/oauth/ledger.json}
 *       ({@link dev.tether.mcp.auth.ledger.FileTokenStore#hostLedger}), is written and read only
 *       by {@code tether mcp login|logout|status} at the user's terminal.</li>
 *   <li><b>ACP sessions never read the host ledger.</b> An editor that spawns Tether gets an
 *       {@link dev.tether.mcp.auth.ledger.AcpTokenStore}: memory for the life of the process, and
 *       the separate {@code acp-ledger.json} only if the user opted in.</li>
 *   <li>Both files are regular files of the current user with mode 0600 in a 0700 directory;
 *       anything else (a symlink, another owner, a wider mode) is refused with a
 *       {@link dev.tether.mcp.auth.ledger.LedgerException}. Changes are made under an in-process
 *       lock and a {@code FileChannel} lock on {@code <file>.lock}, and land by atomic replace.</li>
 *   <li>Records are opaque JSON by key; a credential record names its server in a top-level
 *       {@code "resource"} string ({@link dev.tether.mcp.auth.ledger.ServerRecords}).</li>
 * </ul>
 */
package dev.tether.mcp.auth.ledger;
