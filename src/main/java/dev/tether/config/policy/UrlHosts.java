package dev.tether.config.policy;

import java.net.IDN;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * A URL's host in one spelling per place it reaches, as the JDK clients that connect to remote
 * servers (the HTTP client, its WebSocket builder) read it after {@link java.net.URI}:
 * <ul>
 *   <li>names in lower case, IDNA labels in their ASCII ({@code xn--}) form, one trailing dot dropped;</li>
 *   <li>IPv4 in dotted decimal: the JDK also takes one decimal number ({@code 2130706433}) and
 *       zero-padded octets (read as decimal: {@code 0177} is 177, where C resolvers read 127) — a
 *       padded octet whose decimal and octal readings differ, and hex, are refused as ambiguous;</li>
 *   <li>IPv6 compressed (RFC 5952), an IPv4-mapped address as its IPv4 address; a zone id is refused;</li>
 *   <li>this machine as {@value #THIS_MACHINE}: the name {@code localhost} and its subdomains
 *       (RFC 6761), 127.0.0.0/8 and {@code ::1}, and the "this host" addresses 0.0.0.0/8 and
 *       {@code ::}, to which a connection on Linux also reaches the local host.</li>
 * </ul>
 * Names are not resolved: a DNS name that resolves to this machine is another host here.
 */
final class UrlHosts {
    /** The one spelling of this machine. */
    static final String THIS_MACHINE = "localhost";

    /** What a host glob is tried against for this machine, so that {@code 127.0.0.*} and {@code localhost} both cover it. */
    static final List<String> THIS_MACHINE_SPELLINGS = List.of(THIS_MACHINE, "127.0.0.1", "[::1]");

    private UrlHosts() {}

    /** The spellings a host glob is matched against. */
    static List<String> spellings(String host) {
        return host.equals(THIS_MACHINE) ? THIS_MACHINE_SPELLINGS : List.of(host);
    }

    /**
     * The one spelling of {@code host} (a URL's host as {@link java.net.URI#getHost()} gives it, or
     * a rule's literal host, which may be Unicode).
     *
     * @throws ServerUrl.Unreadable the host is ambiguous or not a host at all
     */
    static String normalize(String host) throws ServerUrl.Unreadable {
        if (host.startsWith("[") && host.endsWith("]")) {
            return ipv6(host.substring(1, host.length() - 1));
        }
        String name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        if (name.isEmpty()) {
            throw new ServerUrl.Unreadable("it names no host");
        }
        if (numeric(name)) {
            return ipv4(name);
        }
        try {
            name = IDN.toASCII(name).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw new ServerUrl.Unreadable("its host " + host + " is not a valid international domain name");
        }
        if (!name.matches("[a-z0-9_.-]+")) {
            throw new ServerUrl.Unreadable("its host " + host + " is not a host name");
        }
        return name.equals(THIS_MACHINE) || name.endsWith("." + THIS_MACHINE) ? THIS_MACHINE : name;
    }

    /** Every label a number, decimal or hex: an IPv4 address in some spelling, never a DNS name. */
    private static boolean numeric(String name) {
        for (String label : name.split("\\.", -1)) {
            if (!label.matches("[0-9]+|0[xX][0-9a-fA-F]*")) {
                return false;
            }
        }
        return true;
    }

    private static String ipv4(String text) throws ServerUrl.Unreadable {
        String[] parts = text.split("\\.", -1);
        long value = 0;
        if (parts.length == 1) {
            value = number(parts[0], text, 0xFFFF_FFFFL);
        } else if (parts.length == 4) {
            for (String part : parts) {
                value = value << 8 | number(part, text, 255);
            }
        } else {
            // java.net.URI already refuses 127.1 and 127.0.1, which C resolvers would take.
            throw new ServerUrl.Unreadable("its host " + text + " is a shortened IPv4 address");
        }
        return dotted(value);
    }

    private static long number(String part, String text, long max) throws ServerUrl.Unreadable {
        if (part.startsWith("0x") || part.startsWith("0X")) {
            throw new ServerUrl.Unreadable("its host " + text + " is an IPv4 address in hex, which resolvers read differently");
        }
        if (part.length() > 10) {
            throw new ServerUrl.Unreadable("its host " + text + " is not an IPv4 address");
        }
        long decimal = Long.parseLong(part);
        if (part.length() > 1 && part.startsWith("0") && (!part.matches("[0-7]+") || Long.parseLong(part, 8) != decimal)) {
            throw new ServerUrl.Unreadable("its host " + text + " has a zero-padded number that the JDK reads as decimal and "
                    + "C resolvers as octal; write the address in plain decimal");
        }
        if (decimal > max) {
            throw new ServerUrl.Unreadable("its host " + text + " is not an IPv4 address");
        }
        return decimal;
    }

    private static String dotted(long value) {
        int first = (int) (value >>> 24);
        if (first == 127 || first == 0) {
            return THIS_MACHINE;
        }
        return first + "." + (value >>> 16 & 255) + "." + (value >>> 8 & 255) + "." + (value & 255);
    }

    private static String ipv6(String text) throws ServerUrl.Unreadable {
        if (text.contains("%")) {
            throw new ServerUrl.Unreadable("its host [" + text + "] has an IPv6 zone id");
        }
        // Only hex, colons and dots: InetAddress then reads a literal and never asks DNS.
        if (!text.contains(":") || !text.matches("[0-9a-fA-F:.]+")) {
            throw new ServerUrl.Unreadable("its host [" + text + "] is not an IPv6 address");
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new ServerUrl.Unreadable("its host [" + text + "] is not an IPv6 address");
        }
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            return dotted(Integer.toUnsignedLong((bytes[0] & 255) << 24 | (bytes[1] & 255) << 16 | (bytes[2] & 255) << 8 | bytes[3] & 255));
        }
        if (address.isLoopbackAddress() || address.isAnyLocalAddress()) {
            return THIS_MACHINE;
        }
        return "[" + compressed(bytes) + "]";
    }

    /** RFC 5952: lower-case hex without leading zeros, the longest run of two or more zero groups as {@code ::}. */
    private static String compressed(byte[] bytes) {
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = (bytes[2 * i] & 255) << 8 | bytes[2 * i + 1] & 255;
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                out.append("::");
                i += bestLength - 1;
                continue;
            }
            if (out.length() > 0 && out.charAt(out.length() - 1) != ':') {
                out.append(':');
            }
            out.append(Integer.toHexString(groups[i]));
        }
        return out.toString();
    }
}
