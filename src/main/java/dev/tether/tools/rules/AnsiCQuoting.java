package dev.tether.tools.rules;

/**
 * Bash's ANSI-C quoting, {@code $'…'}, decoded as bash does, so that {@code $'\x72m'} is read as
 * the {@code rm} it runs: {@code \n}, {@code \t} and the other letter escapes, {@code \\},
 * {@code \'}, {@code \"}, {@code \?}, octal, hexadecimal and Unicode escapes (up to 3, 2, 4 or
 * 8 digits) and control characters {@code \cX}. An unknown escape stays as written.
 */
final class AnsiCQuoting {
    private AnsiCQuoting() {}

    /**
     * Decodes the text after the {@code $'} at {@code from} into {@code out}.
     *
     * @return the index after the closing quote, or -1 when there is none
     */
    static int decode(String in, int from, StringBuilder out) {
        int i = from;
        while (i < in.length()) {
            char c = in.charAt(i);
            if (c == '\'') {
                return i + 1;
            }
            if (c != '\\' || i + 1 >= in.length()) {
                out.append(c);
                i++;
                continue;
            }
            char e = in.charAt(i + 1);
            i += 2;
            switch (e) {
                case 'a' -> out.append('\u0007');
                case 'b' -> out.append('\b');
                case 'e', 'E' -> out.append('\u001b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'v' -> out.append('\u000b');
                case '\\', '\'', '"', '?' -> out.append(e);
                case 'c' -> {
                    if (i < in.length()) {
                        out.append((char) (in.charAt(i++) & 0x1f));
                    } else {
                        out.append("\\c");
                    }
                }
                case 'x', 'u', 'U' -> {
                    int max = e == 'x' ? 2 : e == 'u' ? 4 : 8;
                    int end = i;
                    while (end < in.length() && end - i < max && Character.digit(in.charAt(end), 16) >= 0) {
                        end++;
                    }
                    if (end == i) {
                        out.append('\\').append(e);
                    } else {
                        int code = (int) Long.parseLong(in.substring(i, end), 16);
                        out.appendCodePoint(Character.isValidCodePoint(code) ? code : 0xFFFD);
                        i = end;
                    }
                }
                default -> {
                    if (e >= '0' && e <= '7') {
                        int end = i - 1;
                        while (end < in.length() && end - (i - 1) < 3 && in.charAt(end) >= '0' && in.charAt(end) <= '7') {
                            end++;
                        }
                        out.append((char) (Integer.parseInt(in.substring(i - 1, end), 8) & 0xff));
                        i = end;
                    } else {
                        out.append('\\').append(e);
                    }
                }
            }
        }
        return -1;
    }
}
