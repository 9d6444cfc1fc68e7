// Timing runner for .NET System.Text.RegularExpressions (Mono), used by benchmarks/bench.py.
// Built with mcs, run with mono.
//
// Usage: mono Bench.exe INPUT_FILE
// INPUT_FILE (ASCII lines): "mahjong-regex-bench 1", the minimum seconds per timing,
// flags (ignored), the pattern count P and P pairs of lines (label, hex UTF-8 pattern),
// the hand count H and H hex lines, the hostile-string count W and W hex lines, and the
// number of repeats per hostile string.
// Output lines: "version V", "compiled LABEL MS" or "error LABEL MESSAGE", "result LABEL
// 0101..." (the warm-up pass), "rate LABEL PASSES SECONDS MATCHES", "worst LABEL I MS"
// (best of the repeats) or "worsterror LABEL I MESSAGE", then "done".
// Each call is regex.IsMatch(s) on one Regex instance built with RegexOptions.None.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Text;
using System.Text.RegularExpressions;

public static class Bench
{
    static string[] lines;
    static int at = 0;
    static StreamWriter output;

    static string Next()
    {
        return lines[at++].TrimEnd('\r');
    }

    static string Decode(string hex)
    {
        hex = hex.Trim();
        var bytes = new byte[hex.Length / 2];
        for (int i = 0; i < bytes.Length; i++)
            bytes[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
        return new UTF8Encoding(false, true).GetString(bytes);
    }

    static void Say(string text)
    {
        output.WriteLine(text);
        output.Flush();
    }

    static string OneLine(Exception e)
    {
        return Regex.Replace(e.GetType().Name + ": " + e.Message, @"\s+", " ");
    }

    static string F(string format, params object[] args)
    {
        return string.Format(CultureInfo.InvariantCulture, format, args);
    }

    static string RuntimeVersion()
    {
        var mono = Type.GetType("Mono.Runtime");
        if (mono != null)
        {
            var display = mono.GetMethod("GetDisplayName", BindingFlags.NonPublic | BindingFlags.Static);
            if (display != null)
                return "Mono " + ((string)display.Invoke(null, null)).Split(new[] { ' ' }, 2)[0];
        }
        return ".NET " + Environment.Version;
    }

    public static int Main(string[] args)
    {
        output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
        lines = Encoding.ASCII.GetString(File.ReadAllBytes(args[0])).Split('\n');
        if (Next() != "mahjong-regex-bench 1")
            throw new InvalidDataException("bad input header");
        double minSeconds = double.Parse(Next(), CultureInfo.InvariantCulture);
        Next(); // flags: none for .NET
        int count = int.Parse(Next());
        var labels = new List<string>();
        var sources = new List<string>();
        for (int i = 0; i < count; i++)
        {
            labels.Add(Next().Trim());
            sources.Add(Decode(Next()));
        }
        var hands = new string[int.Parse(Next())];
        for (int i = 0; i < hands.Length; i++)
            hands[i] = Decode(Next());
        var hostile = new string[int.Parse(Next())];
        for (int i = 0; i < hostile.Length; i++)
            hostile[i] = Decode(Next());
        int repeats = int.Parse(Next());

        Say("version " + RuntimeVersion());
        var okLabels = new List<string>();
        var compiled = new List<Regex>();
        for (int p = 0; p < count; p++)
        {
            var watch = Stopwatch.StartNew();
            try
            {
                var regex = new Regex(sources[p], RegexOptions.None);
                Say(F("compiled {0} {1:F3}", labels[p], watch.Elapsed.TotalMilliseconds));
                okLabels.Add(labels[p]);
                compiled.Add(regex);
            }
            catch (ArgumentException e)
            {
                Say("error " + labels[p] + " " + OneLine(e));
            }
        }
        for (int p = 0; p < compiled.Count; p++)
        {
            var regex = compiled[p];
            var bits = new StringBuilder(hands.Length);
            foreach (var hand in hands)
                bits.Append(regex.IsMatch(hand) ? '1' : '0');
            Say("result " + okLabels[p] + " " + bits);
            long passes = 0, matches = 0;
            var watch = Stopwatch.StartNew();
            double elapsed;
            do
            {
                foreach (var hand in hands)
                    if (regex.IsMatch(hand))
                        matches++;
                passes++;
                elapsed = watch.Elapsed.TotalSeconds;
            } while (elapsed < minSeconds);
            Say(F("rate {0} {1} {2:F6} {3}", okLabels[p], passes, elapsed, matches));
        }
        for (int p = 0; p < compiled.Count; p++)
        {
            for (int i = 0; i < hostile.Length; i++)
            {
                try
                {
                    double best = double.MaxValue;
                    for (int r = 0; r < repeats; r++)
                    {
                        var watch = Stopwatch.StartNew();
                        compiled[p].IsMatch(hostile[i]);
                        best = Math.Min(best, watch.Elapsed.TotalMilliseconds);
                    }
                    Say(F("worst {0} {1} {2:F6}", okLabels[p], i, best));
                }
                catch (Exception e)
                {
                    Say(F("worsterror {0} {1} {2}", okLabels[p], i, OneLine(e)));
                }
            }
        }
        Say("done");
        return 0;
    }
}
