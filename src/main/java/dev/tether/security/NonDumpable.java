package dev.tether.security;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.util.Locale;
import java.util.Optional;

/**
 * Marks this process non-dumpable on Linux ({@code prctl(PR_SET_DUMPABLE, 0)}): no core dumps,
 * no {@code ptrace} attach by other processes of the same user, and {@code /proc/<pid>/}
 * files such as {@code environ} and {@code mem} owned by root, so an MCP server Tether starts
 * cannot read the keys out of Tether's memory.
 *
 * <p>The call goes through the foreign function API, final since JDK 22. The jar targets 21,
 * where that API is a preview, so it is reached by reflection and skipped quietly on 21 and on
 * other systems: the protection is best effort, never a reason not to start.
 */
public final class NonDumpable {
    private static final int PR_SET_DUMPABLE = 4;

    private NonDumpable() {}

    /** Applies it; returns whether the process is now non-dumpable (false where not supported). */
    public static boolean apply() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux") || Runtime.version().feature() < 22) {
            return false;
        }
        try {
            return prctl(PR_SET_DUMPABLE, 0L) == 0;
        } catch (Throwable e) {
            // The foreign function API was refused (e.g. --enable-native-access=none) or is missing.
            return false;
        }
    }

    private static int prctl(int option, long arg) throws Throwable {
        Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
        Class<?> lookupType = Class.forName("java.lang.foreign.SymbolLookup");
        Class<?> layoutType = Class.forName("java.lang.foreign.MemoryLayout");
        Class<?> valueLayoutType = Class.forName("java.lang.foreign.ValueLayout");
        Class<?> descriptorType = Class.forName("java.lang.foreign.FunctionDescriptor");
        Class<?> segmentType = Class.forName("java.lang.foreign.MemorySegment");
        Class<?> optionType = Class.forName("java.lang.foreign.Linker$Option");

        Object linker = linkerType.getMethod("nativeLinker").invoke(null);
        Object lookup = linkerType.getMethod("defaultLookup").invoke(linker);
        Optional<?> symbol = (Optional<?>) lookupType.getMethod("find", String.class).invoke(lookup, "prctl");
        if (symbol.isEmpty()) {
            return -1;
        }
        Object javaInt = valueLayoutType.getField("JAVA_INT").get(null);
        Object javaLong = valueLayoutType.getField("JAVA_LONG").get(null);
        Object[] args = (Object[]) Array.newInstance(layoutType, 2);
        args[0] = javaInt;
        args[1] = javaLong;
        Object descriptor = descriptorType.getMethod("of", layoutType, args.getClass()).invoke(null, javaInt, args);
        // prctl is variadic: everything after the option is a variadic argument.
        Object[] options = (Object[]) Array.newInstance(optionType, 1);
        options[0] = optionType.getMethod("firstVariadicArg", int.class).invoke(null, 1);
        MethodHandle handle = (MethodHandle) linkerType.getMethod("downcallHandle", segmentType, descriptorType, options.getClass())
                .invoke(linker, symbol.get(), descriptor, options);
        // invokeExact: the handle's type is (int, long) int; invokeWithArguments would spin a generic
        // invoker first.
        return (int) handle.invokeExact(option, arg);
    }
}
