// Batch regex runner for Java (java.util.regex).
//
// stdin:  line 1 = pattern (hex UTF-8), line 2 = flags (ignored), then one hex UTF-8 line per string.
// stdout: one line of '1'/'0' (does Pattern.compile(pattern).matcher(s).find()?), or
//         "ERROR: <message>" and exit status 3 if the pattern does not compile.
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public class Runner {
    static String decode(String hex) {
        hex = hex.trim();
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        String[] lines = new String(System.in.readAllBytes(), StandardCharsets.ISO_8859_1).split("\n", -1);
        Pattern pattern;
        try {
            pattern = Pattern.compile(decode(lines[0]));
        } catch (PatternSyntaxException e) {
            out.println("ERROR: " + e.getMessage());
            out.flush();
            System.exit(3);
            return;
        }
        StringBuilder result = new StringBuilder();
        for (int i = 2; i < lines.length - 1; i++) { // the input ends with a newline
            result.append(pattern.matcher(decode(lines[i])).find() ? '1' : '0');
        }
        out.println(result);
        out.flush();
    }
}
