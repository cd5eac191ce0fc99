// JSON.parse keeps the last of two equal keys without a word; some JSON writers emit
// a type discriminator twice. This scanner finds such keys in raw JSON text.

/**
 * Returns the paths (like `params.update.sessionUpdate`) of keys that occur twice in one
 * object of the given JSON text. The text is assumed to be valid JSON.
 */
export function findDuplicateKeys(text) {
  const found = [];
  const stack = []; // { keys: Set, path: string, expectKey: boolean, lastKey: string }
  let i = 0;
  const readString = () => {
    let out = "";
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") {
        out += text.slice(i, i + 2);
        i += 2;
      } else {
        out += text[i++];
      }
    }
    i++; // closing quote
    return JSON.parse(`"${out}"`);
  };
  const childPath = () => {
    const top = stack[stack.length - 1];
    if (!top) return "";
    return top.keys ? (top.path ? `${top.path}.${top.lastKey}` : top.lastKey) : `${top.path}[]`;
  };
  while (i < text.length) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === '"') {
      const s = readString();
      if (top?.keys && top.expectKey) {
        if (top.keys.has(s)) found.push(top.path ? `${top.path}.${s}` : s);
        top.keys.add(s);
        top.lastKey = s;
        top.expectKey = false;
      }
      continue;
    }
    if (c === "{") stack.push({ keys: new Set(), path: childPath(), expectKey: true, lastKey: "" });
    else if (c === "[") stack.push({ keys: null, path: childPath() });
    else if (c === "}" || c === "]") stack.pop();
    else if (c === "," && top?.keys) top.expectKey = true;
    i++;
  }
  return found;
}
