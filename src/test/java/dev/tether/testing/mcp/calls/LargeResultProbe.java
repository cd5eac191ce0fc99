package dev.tether.testing.mcp.calls;

import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.call.ArtifactStore;
import dev.tether.mcp.call.ResultLimits;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.model.Part;
import dev.tether.tools.ToolOutcome;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

/**
 * Maps one huge text result in a JVM of its own and prints what it cost, as one JSON line:
 * {@code {"textBytes":…,"peakGrowth":…,"modelChars":…,"artifactBytes":…,"artifactSha":"…","reportedSha":"…"}}.
 * Peak growth is the sum of every heap pool's peak usage during the mapping minus the heap in
 * use before it (after a full GC): an upper bound that does not depend on sampling or timing.
 * Run it with a serial collector and a small young generation so that garbage churn in eden
 * cannot pass for retained memory. Arguments: size in MB, artifact directory.
 */
public final class LargeResultProbe {
    public static void main(String[] args) throws Exception {
        int megabytes = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]);
        String text = build(megabytes * 1024 * 1024);
        McpCallResult result = new McpCallResult(List.of(new McpContent.Text(text)), null, false);
        ResultMapper mapper = new ResultMapper(ResultLimits.DEFAULT, new ArtifactStore(dir));
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        System.gc();
        long before = heap.stream().mapToLong(p -> p.getUsage().getUsed()).sum();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        ToolOutcome out = mapper.map(result, null);
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        String model = ((Part.Text) out.forModel().getFirst()).text();
        java.util.regex.Matcher named = java.util.regex.Pattern.compile("artifact:([0-9a-f]{32})").matcher(model);
        String id = named.find() ? named.group(1) : "none";
        String reported = model.substring(model.indexOf("sha256 ") + 7, model.indexOf("sha256 ") + 7 + 64);
        Path file = dir.resolve(id);
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
        }
        System.out.println("{\"textBytes\":" + text.length() + ",\"peakGrowth\":" + (peak - before)
                + ",\"modelChars\":" + model.length() + ",\"artifactBytes\":" + Files.size(file)
                + ",\"artifactSha\":\"" + HexFormat.of().formatHex(sha.digest()) + "\",\"reportedSha\":\"" + reported + "\"}");
    }

    /** ASCII lines with an occasional Latin-1 letter (a compact string that still needs normalising). */
    private static String build(int size) {
        StringBuilder out = new StringBuilder(size);
        for (int line = 0; out.length() < size; line++) {
            out.append(line % 500 == 0 ? "caf\u00E9 " : "row ").append(line).append(" lorem ipsum dolor sit amet\n");
        }
        out.setLength(size);
        return out.toString();
    }

    private LargeResultProbe() {}
}
