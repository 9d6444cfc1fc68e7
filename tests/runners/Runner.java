// The runner for Java (java.util.regex): Pattern.compile(pattern), then pattern.matcher(s).find().
// Input on stdin, output on stdout: see the protocol in tests/engines.py.
// Run it with a large stack (-Xss512m): java.util.regex recurses once per repetition of a group.
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public class Runner {
    static final PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    static String[] lines;
    static int at = 0;

    static String next() {
        return lines[at++];
    }

    static int count() {
        return Integer.parseInt(next().trim());
    }

    static String decode(String hex) {
        hex = hex.trim();
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static String[] strings() {
        String[] texts = new String[count()];
        for (int i = 0; i < texts.length; i++) texts[i] = decode(next());
        return texts;
    }

    static void say(String format, Object... args) {
        out.println(String.format(Locale.ROOT, format, args));
        out.flush();
    }

    static String oneLine(Throwable e) {
        return e.toString().replaceAll("\\s+", " ");
    }

    // The verdicts, then (if minSeconds > 0) passes over all hands until minSeconds have gone by.
    static void run(String label, Pattern pattern, String[] hands, double minSeconds) {
        StringBuilder bits = new StringBuilder(hands.length);
        for (String hand : hands) bits.append(pattern.matcher(hand).find() ? '1' : '0');
        say("result %s %s", label, bits);
        if (minSeconds <= 0) return;
        long passes = 0;
        long matches = 0;
        long t0 = System.nanoTime();
        double elapsed;
        do {
            for (String hand : hands) if (pattern.matcher(hand).find()) matches++;
            passes++;
            elapsed = (System.nanoTime() - t0) / 1e9;
        } while (elapsed < minSeconds);
        say("rate %s %d %.6f %d", label, passes, elapsed, matches);
    }

    public static void main(String[] args) throws Exception {
        lines = new String(System.in.readAllBytes(), StandardCharsets.ISO_8859_1).split("\n", -1);
        if (!next().equals("mahjong-regex-runner 1")) throw new IllegalStateException("bad header");
        double minSeconds = Double.parseDouble(next().trim());
        next(); // flags: none for Java
        int n = count();
        String[] labels = new String[n];
        String[] sources = new String[n];
        for (int i = 0; i < n; i++) {
            labels[i] = next().trim();
            sources[i] = decode(next());
        }
        String[] hands = strings();
        String[] hostile = strings();
        int repeats = count();

        String vendor = System.getProperty("java.vm.name").startsWith("OpenJDK") ? "OpenJDK" : "Java";
        say("version %s %s java.util.regex", vendor, System.getProperty("java.version"));
        List<String> names = new ArrayList<>();
        List<Pattern> compiled = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            try {
                Pattern pattern = Pattern.compile(sources[i]);
                say("compiled %s %.3f", labels[i], (System.nanoTime() - t0) / 1e6);
                names.add(labels[i]);
                compiled.add(pattern);
            } catch (PatternSyntaxException e) {
                say("error %s %s", labels[i], oneLine(e));
            }
        }
        for (int p = 0; p < compiled.size(); p++) {
            try {
                run(names.get(p), compiled.get(p), hands, minSeconds);
            } catch (StackOverflowError e) {
                say("failed %s %s", names.get(p), oneLine(e));
            }
        }
        for (int p = 0; p < compiled.size(); p++) {
            for (int i = 0; i < hostile.length; i++) {
                try {
                    long best = Long.MAX_VALUE;
                    for (int r = 0; r < repeats; r++) {
                        long t0 = System.nanoTime();
                        compiled.get(p).matcher(hostile[i]).find();
                        best = Math.min(best, System.nanoTime() - t0);
                    }
                    say("worst %s %d %.6f", names.get(p), i, best / 1e6);
                } catch (StackOverflowError e) {
                    say("worsterror %s %d %s", names.get(p), i, oneLine(e));
                }
            }
        }
        say("done");
    }
}
