// Timing runner for java.util.regex, used by benchmarks/bench.py.
//
// Usage: java -Xss512m -cp DIR Bench INPUT_FILE
// INPUT_FILE (ASCII lines): "mahjong-regex-bench 1", the minimum seconds per timing,
// flags (ignored), the pattern count P and P pairs of lines (label, hex UTF-8 pattern),
// the hand count H and H hex lines, the hostile-string count W and W hex lines, and the
// number of repeats per hostile string.
// Output lines: "version V", "compiled LABEL MS" or "error LABEL MESSAGE", "result LABEL
// 0101..." (the warm-up pass), "rate LABEL PASSES SECONDS MATCHES", "worst LABEL I MS"
// (best of the repeats) or "worsterror LABEL I MESSAGE", then "done".
// Each call is pattern.matcher(s).find(): one compiled Pattern, a fresh Matcher per string.
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public class Bench {
    static String[] lines;
    static int at = 0;
    static PrintStream out;

    static String next() {
        String line = lines[at++];
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    static String decode(String hex) {
        hex = hex.trim();
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static String oneLine(Throwable e) {
        String message = e.toString();
        return message.replaceAll("\\s+", " ");
    }

    static void say(String text) {
        out.println(text);
        out.flush();
    }

    public static void main(String[] args) throws Exception {
        out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        lines = new String(Files.readAllBytes(Paths.get(args[0])), StandardCharsets.ISO_8859_1)
                .split("\n", -1);
        if (!next().equals("mahjong-regex-bench 1")) throw new IllegalStateException("bad header");
        double minSeconds = Double.parseDouble(next().trim());
        next(); // flags: none for Java
        int count = Integer.parseInt(next().trim());
        List<String> labels = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            labels.add(next().trim());
            sources.add(decode(next()));
        }
        String[] hands = new String[Integer.parseInt(next().trim())];
        for (int i = 0; i < hands.length; i++) hands[i] = decode(next());
        String[] hostile = new String[Integer.parseInt(next().trim())];
        for (int i = 0; i < hostile.length; i++) hostile[i] = decode(next());
        int repeats = Integer.parseInt(next().trim());

        String vendor = System.getProperty("java.vm.name").startsWith("OpenJDK") ? "OpenJDK" : "Java";
        say("version " + vendor + " " + System.getProperty("java.version") + " java.util.regex");
        List<String> okLabels = new ArrayList<>();
        List<Pattern> compiled = new ArrayList<>();
        for (int p = 0; p < count; p++) {
            long t0 = System.nanoTime();
            try {
                Pattern pattern = Pattern.compile(sources.get(p));
                say(String.format(Locale.ROOT, "compiled %s %.3f", labels.get(p), (System.nanoTime() - t0) / 1e6));
                okLabels.add(labels.get(p));
                compiled.add(pattern);
            } catch (PatternSyntaxException e) {
                say("error " + labels.get(p) + " " + oneLine(e));
            }
        }
        for (int p = 0; p < compiled.size(); p++) {
            Pattern pattern = compiled.get(p);
            String label = okLabels.get(p);
            try {
                StringBuilder bits = new StringBuilder(hands.length);
                for (String hand : hands) bits.append(pattern.matcher(hand).find() ? '1' : '0');
                say("result " + label + " " + bits);
                long passes = 0;
                long matches = 0;
                long t0 = System.nanoTime();
                double elapsed;
                do {
                    for (String hand : hands) if (pattern.matcher(hand).find()) matches++;
                    passes++;
                    elapsed = (System.nanoTime() - t0) / 1e9;
                } while (elapsed < minSeconds);
                say(String.format(Locale.ROOT, "rate %s %d %.6f %d", label, passes, elapsed, matches));
            } catch (StackOverflowError e) {
                say("error " + label + " " + oneLine(e));
            }
        }
        for (int p = 0; p < compiled.size(); p++) {
            Pattern pattern = compiled.get(p);
            String label = okLabels.get(p);
            for (int i = 0; i < hostile.length; i++) {
                try {
                    long best = Long.MAX_VALUE;
                    for (int r = 0; r < repeats; r++) {
                        long t0 = System.nanoTime();
                        pattern.matcher(hostile[i]).find();
                        best = Math.min(best, System.nanoTime() - t0);
                    }
                    say(String.format(Locale.ROOT, "worst %s %d %.6f", label, i, best / 1e6));
                } catch (StackOverflowError e) {
                    say("worsterror " + label + " " + i + " " + oneLine(e));
                }
            }
        }
        say("done");
    }
}
