// The runner for Java (java.util.regex): Pattern.compile(pattern), then pattern.matcher(s).find().
// It speaks the runner protocol of mahjong_regex.engines (version 2) on stdin and stdout.
// Run it with a large stack (-Xss512m): java.util.regex recurses once per repetition of a group.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public class Runner {
    static final PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    static final BufferedReader in =
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.ISO_8859_1));
    static final List<String> labels = new ArrayList<>();
    static final List<Pattern> compiled = new ArrayList<>();

    static String next() throws Exception {
        return in.readLine();
    }

    static void fail(String why) {
        System.err.println("Runner.java: " + why);
        System.exit(2);
    }

    static String decode(String hex) {
        hex = hex.trim();
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static void say(String format, Object... args) {
        out.println(String.format(Locale.ROOT, format, args));
        out.flush();
    }

    static String oneLine(Throwable e) {
        return e.toString().replaceAll("\\s+", " ");
    }

    static void compileAll(List<String[]> patterns) {
        String vendor = System.getProperty("java.vm.name").startsWith("OpenJDK") ? "OpenJDK" : "Java";
        say("version %s %s java.util.regex", vendor, System.getProperty("java.version"));
        for (String[] p : patterns) {
            long t0 = System.nanoTime();
            try {
                Pattern pattern = Pattern.compile(p[1]);
                say("compiled %s %.3f", p[0], (System.nanoTime() - t0) / 1e6);
                labels.add(p[0]);
                compiled.add(pattern);
            } catch (PatternSyntaxException e) {
                say("error %s %s", p[0], oneLine(e));
            }
        }
        say("end");
    }

    // The verdicts, then (if seconds > 0) passes over all the strings until seconds have gone by.
    static void match(String label, Pattern pattern, String[] strings, double seconds) {
        StringBuilder bits = new StringBuilder(strings.length);
        for (String s : strings) bits.append(pattern.matcher(s).find() ? '1' : '0');
        say("result %s %s", label, bits);
        if (seconds <= 0) return;
        long passes = 0;
        long matches = 0;
        long t0 = System.nanoTime();
        double elapsed;
        do {
            for (String s : strings) if (pattern.matcher(s).find()) matches++;
            passes++;
            elapsed = (System.nanoTime() - t0) / 1e9;
        } while (elapsed < seconds);
        say("rate %s %d %.6f %d", label, passes, elapsed, matches);
    }

    static void worst(String label, Pattern pattern, String[] strings, int repeats) {
        for (int i = 0; i < strings.length; i++) {
            try {
                long best = Long.MAX_VALUE;
                for (int r = 0; r < Math.max(repeats, 1); r++) {
                    long t0 = System.nanoTime();
                    pattern.matcher(strings[i]).find();
                    best = Math.min(best, System.nanoTime() - t0);
                }
                say("worst %s %d %.6f", label, i, best / 1e6);
            } catch (StackOverflowError e) {
                say("worsterror %s %d %s", label, i, oneLine(e));
            }
        }
    }

    static void command(String[] words, String[] strings) {
        if (!List.of("match", "time", "worst").contains(words[0])) {
            say("unsupported %s", words[0]);
            return;
        }
        for (int p = 0; p < compiled.size(); p++) {
            String label = labels.get(p);
            try {
                switch (words[0]) {
                    case "match" -> match(label, compiled.get(p), strings, 0);
                    case "time" -> match(label, compiled.get(p), strings, Double.parseDouble(words[1]));
                    default -> worst(label, compiled.get(p), strings, Integer.parseInt(words[1]));
                }
            } catch (StackOverflowError e) {
                say("failed %s %s", label, oneLine(e));
            }
        }
    }

    public static void main(String[] args) throws Exception {
        if (!"mahjong-regex-runner 2".equals(next())) fail("bad input header");
        String flags = next();
        if (flags == null || !flags.startsWith("flags")) fail("no flags line"); // none for Java
        List<String[]> patterns = new ArrayList<>();
        for (String line = next(); !"go".equals(line); line = next()) {
            if (line == null || !line.startsWith("pattern ")) fail("bad header line: " + line);
            String[] words = line.split(" ", -1);
            patterns.add(new String[] {words[1], decode(words.length > 2 ? words[2] : "")});
        }
        compileAll(patterns);
        for (String line = next(); line != null; line = next()) {
            String[] words = line.trim().split(" ");
            String[] strings = new String[Integer.parseInt(words[words.length - 1])];
            for (int i = 0; i < strings.length; i++) {
                String hex = next();
                if (hex == null) fail("input ends inside a command");
                strings[i] = decode(hex);
            }
            command(words, strings);
            say("end");
        }
    }
}
