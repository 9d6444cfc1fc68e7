// The runner for .NET (System.Text.RegularExpressions, built with mcs, run with mono):
// new Regex(pattern, RegexOptions.None), then regex.IsMatch(s).
// Input on stdin, output on stdout: see the protocol in tests/engines.py.  Console encodings
// are bypassed: stdin is read as raw bytes, stdout written as UTF-8 without a BOM.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Text;
using System.Text.RegularExpressions;

public static class Runner
{
    static string[] lines;
    static int at = 0;
    static StreamWriter output;

    static string Next()
    {
        return lines[at++];
    }

    static int Count()
    {
        return int.Parse(Next().Trim(), CultureInfo.InvariantCulture);
    }

    static string Decode(string hex)
    {
        hex = hex.Trim();
        var bytes = new byte[hex.Length / 2];
        for (int i = 0; i < bytes.Length; i++)
            bytes[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
        return new UTF8Encoding(false, true).GetString(bytes);
    }

    static string[] Strings()
    {
        var texts = new string[Count()];
        for (int i = 0; i < texts.Length; i++)
            texts[i] = Decode(Next());
        return texts;
    }

    static void Say(string format, params object[] args)
    {
        output.WriteLine(string.Format(CultureInfo.InvariantCulture, format, args));
        output.Flush();
    }

    static string OneLine(Exception e)
    {
        return Regex.Replace(e.GetType().Name + ": " + e.Message, @"\s+", " ");
    }

    static string RuntimeVersion()
    {
        var mono = Type.GetType("Mono.Runtime");
        var display = mono?.GetMethod("GetDisplayName", BindingFlags.NonPublic | BindingFlags.Static);
        if (display != null)
            return "Mono " + ((string)display.Invoke(null, null)).Split(new[] { ' ' }, 2)[0];
        return ".NET " + Environment.Version;
    }

    // The verdicts, then (if minSeconds > 0) passes over all hands until minSeconds have gone by.
    static void Run(string label, Regex regex, string[] hands, double minSeconds)
    {
        var bits = new StringBuilder(hands.Length);
        foreach (var hand in hands)
            bits.Append(regex.IsMatch(hand) ? '1' : '0');
        Say("result {0} {1}", label, bits);
        if (minSeconds <= 0)
            return;
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
        Say("rate {0} {1} {2:F6} {3}", label, passes, elapsed, matches);
    }

    public static int Main()
    {
        output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
        var input = new MemoryStream();
        Console.OpenStandardInput().CopyTo(input);
        lines = Encoding.ASCII.GetString(input.ToArray()).Split('\n');
        if (Next() != "mahjong-regex-runner 1")
            throw new InvalidDataException("bad input header");
        double minSeconds = double.Parse(Next(), CultureInfo.InvariantCulture);
        Next(); // flags: none for .NET
        int count = Count();
        var labels = new string[count];
        var sources = new string[count];
        for (int i = 0; i < count; i++)
        {
            labels[i] = Next().Trim();
            sources[i] = Decode(Next());
        }
        var hands = Strings();
        var hostile = Strings();
        int repeats = Count();

        Say("version {0}", RuntimeVersion());
        var compiled = new List<KeyValuePair<string, Regex>>();
        for (int p = 0; p < count; p++)
        {
            var watch = Stopwatch.StartNew();
            try
            {
                var regex = new Regex(sources[p], RegexOptions.None);
                Say("compiled {0} {1:F3}", labels[p], watch.Elapsed.TotalMilliseconds);
                compiled.Add(new KeyValuePair<string, Regex>(labels[p], regex));
            }
            catch (ArgumentException e)
            {
                Say("error {0} {1}", labels[p], OneLine(e));
            }
        }
        foreach (var pair in compiled)
            Run(pair.Key, pair.Value, hands, minSeconds);
        foreach (var pair in compiled)
        {
            for (int i = 0; i < hostile.Length; i++)
            {
                try
                {
                    double best = double.MaxValue;
                    for (int r = 0; r < repeats; r++)
                    {
                        var watch = Stopwatch.StartNew();
                        pair.Value.IsMatch(hostile[i]);
                        best = Math.Min(best, watch.Elapsed.TotalMilliseconds);
                    }
                    Say("worst {0} {1} {2:F6}", pair.Key, i, best);
                }
                catch (Exception e)
                {
                    Say("worsterror {0} {1} {2}", pair.Key, i, OneLine(e));
                }
            }
        }
        Say("done");
        return 0;
    }
}
