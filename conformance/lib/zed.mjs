// What Zed sends, so the agent under test sees an editor it will really meet.
// Source: notes/acp.md "What Zed sends".

/** Zed's `initialize` params. */
export function zedInitializeParams(version = "0.214.0") {
  return {
    protocolVersion: 1,
    clientCapabilities: {
      fs: { readTextFile: true, writeTextFile: true },
      terminal: true,
      auth: { terminal: true },
      session: { configOptions: { boolean: {} } },
      elicitation: { form: {}, url: {} },
      _meta: { terminal_output: true, "terminal-auth": true },
    },
    clientInfo: { name: "zed", title: "Zed", version },
  };
}
