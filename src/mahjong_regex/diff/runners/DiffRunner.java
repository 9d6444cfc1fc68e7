// mahjong-regex diff: a pattern in java.util.regex. Reads hex-encoded UTF-8 lines on stdin:
// the pattern, then batches of strings each ended by a line "."; answers "ok" (or
// "error MESSAGE") for the pattern, then one line of 0/1 per batch (Pattern.compile(p)
// .matcher(s).find()), or "failed MESSAGE" when a match call throws.
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public class DiffRunner {
    static String unhex(String h) {
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        return new String(b, StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        Pattern pattern;
        try {
            pattern = Pattern.compile(unhex(in.readLine()));
        } catch (PatternSyntaxException e) {
            out.println("error " + e.getDescription().replaceAll("\\s+", " "));
            return;
        }
        out.println("ok");
        StringBuilder bits = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.equals(".")) {
                out.println(bits);
                bits.setLength(0);
                continue;
            }
            try {
                bits.append(pattern.matcher(unhex(line)).find() ? '1' : '0');
            } catch (Throwable e) {
                out.println("failed " + e);
                return;
            }
        }
    }
}
