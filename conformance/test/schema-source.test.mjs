import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PINNED_ACP_SCHEMA_PATH, PINNED_ACP_UNSTABLE_SCHEMA_PATH, REPO_ROOT } from "../lib/paths.mjs";

// The Java tests validate frames against a copy of the pinned package's schema; when the pin
// moves, this fails until scripts/refresh-acp-schema has copied the new one.
test("the Java tests' ACP schemas are the pinned ACP SDK's v1 schemas, stable and unstable", () => {
  const pinned = readFileSync(PINNED_ACP_SCHEMA_PATH, "utf8");
  const copy = readFileSync(path.join(REPO_ROOT, "src", "test", "resources", "acp", "schema.json"), "utf8");
  assert.ok(copy === pinned, "src/test/resources/acp/schema.json differs from the package's; run scripts/refresh-acp-schema");
  const unstable = readFileSync(PINNED_ACP_UNSTABLE_SCHEMA_PATH, "utf8");
  const unstableCopy = readFileSync(path.join(REPO_ROOT, "src", "test", "resources", "acp", "schema.unstable.json"), "utf8");
  assert.ok(unstableCopy === unstable, "src/test/resources/acp/schema.unstable.json differs from the package's; run scripts/refresh-acp-schema");
  const version = JSON.parse(readFileSync(path.join(path.dirname(PINNED_ACP_SCHEMA_PATH), "..", "..", "package.json"), "utf8")).version;
  const source = readFileSync(path.join(REPO_ROOT, "src", "test", "resources", "acp", "SOURCE"), "utf8");
  assert.match(source, new RegExp(`@agentclientprotocol/sdk ${version.replaceAll(".", "\\.")} `), "SOURCE names the pinned version");
});
