// Sits between the agent's stdout and the SDK: splits the raw bytes into lines, checks
// each one, and keeps every frame in arrival order. Nothing here alters the bytes.

/** Collects agent → client frames and what was wrong with them. */
export class StdoutTap {
  constructor(checker) {
    this.checker = checker;
    this.pending = Buffer.alloc(0);
    /** Every parsed frame the agent wrote, in order. */
    this.frames = [];
    /** `{line, problems}` for every line that is not a valid ACP frame. */
    this.violations = [];
    this.listeners = new Set();
  }

  /** Feeds raw bytes; complete lines are checked at once. */
  push(chunk) {
    this.pending = Buffer.concat([this.pending, chunk]);
    let nl;
    while ((nl = this.pending.indexOf(0x0a)) >= 0) {
      const bytes = this.pending.subarray(0, nl);
      this.pending = this.pending.subarray(nl + 1);
      this.line(bytes);
    }
  }

  /** Called at EOF: a last line without a newline is a framing error. */
  end() {
    if (this.pending.length > 0) {
      this.violations.push({ line: this.pending.toString("utf8"), problems: ["last line has no newline"] });
      this.pending = Buffer.alloc(0);
    }
  }

  line(bytes) {
    const line = bytes.toString("utf8");
    const problems = [];
    if (!Buffer.from(line, "utf8").equals(bytes)) problems.push("line is not valid UTF-8");
    if (line.endsWith("\r")) problems.push("line ends with CR");
    problems.push(...this.checker.checkAgentLine(line));
    if (problems.length) this.violations.push({ line, problems });
    let frame;
    try {
      frame = JSON.parse(line);
    } catch {
      return;
    }
    this.frames.push(frame);
    for (const listener of this.listeners) listener(frame);
  }

  /** Resolves with the first frame (already seen or future) matching `predicate`. */
  waitFor(predicate, timeoutMs = 10_000, what = "frame") {
    const seen = this.frames.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const listener = (frame) => {
        if (!predicate(frame)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(frame);
      };
      this.listeners.add(listener);
    });
  }
}
