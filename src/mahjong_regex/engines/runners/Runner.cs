// The runner for .NET (System.Text.RegularExpressions, built with mcs, run with mono):
// new Regex(pattern, RegexOptions.None), then regex.Match(s).
// It speaks the runner protocol of mahjong_regex.engines (version 2) on stdin and stdout,
// groups included.  Console encodings are bypassed: stdin is read as ASCII, stdout written
// as UTF-8 without a BOM.
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
    static StreamReader input;
    static StreamWriter output;
    static readonly List<KeyValuePair<string, Regex>> compiled = new List<KeyValuePair<string, Regex>>();

    static void Fail(string why)
    {
        Console.Error.WriteLine("Runner.cs: " + why);
        Environment.Exit(2);
    }

    static string Decode(string hex)
    {
        hex = hex.Trim();
        var bytes = new byte[hex.Length / 2];
        for (int i = 0; i < bytes.Length; i++)
            bytes[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
        return new UTF8Encoding(false, true).GetString(bytes);
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

    static void CompileAll(List<string[]> patterns)
    {
        Say("version {0}", RuntimeVersion());
        foreach (var p in patterns)
        {
            var watch = Stopwatch.StartNew();
            try
            {
                var regex = new Regex(p[1], RegexOptions.None);
                Say("compiled {0} {1:F3}", p[0], watch.Elapsed.TotalMilliseconds);
                compiled.Add(new KeyValuePair<string, Regex>(p[0], regex));
            }
            catch (ArgumentException e)
            {
                Say("error {0} {1}", p[0], OneLine(e));
            }
        }
        Say("end");
    }

    // The verdicts, then (if seconds > 0) passes over all the strings until seconds have gone by.
    static void Match(string label, Regex regex, string[] strings, double seconds)
    {
        var bits = new StringBuilder(strings.Length);
        foreach (var s in strings)
            bits.Append(regex.IsMatch(s) ? '1' : '0');
        Say("result {0} {1}", label, bits);
        if (seconds <= 0)
            return;
        long passes = 0, matches = 0;
        var watch = Stopwatch.StartNew();
        double elapsed;
        do
        {
            foreach (var s in strings)
                if (regex.IsMatch(s))
                    matches++;
            passes++;
            elapsed = watch.Elapsed.TotalSeconds;
        } while (elapsed < seconds);
        Say("rate {0} {1} {2:F6} {3}", label, passes, elapsed, matches);
    }

    static void Worst(string label, Regex regex, string[] strings, int repeats)
    {
        for (int i = 0; i < strings.Length; i++)
        {
            try
            {
                double best = double.MaxValue;
                for (int r = 0; r < Math.Max(repeats, 1); r++)
                {
                    var watch = Stopwatch.StartNew();
                    regex.IsMatch(strings[i]);
                    best = Math.Min(best, watch.Elapsed.TotalMilliseconds);
                }
                Say("worst {0} {1} {2:F6}", label, i, best);
            }
            catch (Exception e)
            {
                Say("worsterror {0} {1} {2}", label, i, OneLine(e));
            }
        }
    }

    // Which named groups (not the numbered ones) took part in the match of each string.
    static void Groups(string label, Regex regex, string[] strings)
    {
        var names = new List<string>();
        foreach (var name in regex.GetGroupNames())
            if (!char.IsDigit(name[0]))
                names.Add(name);
        for (int i = 0; i < strings.Length; i++)
        {
            var m = regex.Match(strings[i]);
            if (!m.Success)
            {
                Say("groups {0} {1} 0", label, i);
                continue;
            }
            var line = new StringBuilder("1");
            foreach (var n in names)
                if (m.Groups[n].Success)
                    line.Append(' ').Append(n);
            Say("groups {0} {1} {2}", label, i, line);
        }
    }

    static void Command(string[] words, string[] strings)
    {
        var verb = words[0];
        if (verb != "match" && verb != "time" && verb != "worst" && verb != "groups")
        {
            Say("unsupported {0}", verb);
            return;
        }
        foreach (var pair in compiled)
        {
            try
            {
                if (verb == "match")
                    Match(pair.Key, pair.Value, strings, 0);
                else if (verb == "time")
                    Match(pair.Key, pair.Value, strings, double.Parse(words[1], CultureInfo.InvariantCulture));
                else if (verb == "worst")
                    Worst(pair.Key, pair.Value, strings, int.Parse(words[1], CultureInfo.InvariantCulture));
                else
                    Groups(pair.Key, pair.Value, strings);
            }
            catch (Exception e)
            {
                Say("failed {0} {1}", pair.Key, OneLine(e));
            }
        }
    }

    public static int Main()
    {
        input = new StreamReader(Console.OpenStandardInput(), Encoding.ASCII);
        output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
        if (input.ReadLine() != "mahjong-regex-runner 2")
            Fail("bad input header");
        var flags = input.ReadLine();  // none for .NET
        if (flags == null || !flags.StartsWith("flags", StringComparison.Ordinal))
            Fail("no flags line");
        var patterns = new List<string[]>();
        for (var line = input.ReadLine(); line != "go"; line = input.ReadLine())
        {
            if (line == null || !line.StartsWith("pattern ", StringComparison.Ordinal))
                Fail("bad header line: " + line);
            var words = line.Split(' ');
            patterns.Add(new[] { words[1], Decode(words.Length > 2 ? words[2] : "") });
        }
        CompileAll(patterns);
        for (var line = input.ReadLine(); line != null; line = input.ReadLine())
        {
            var words = line.Trim().Split(' ');
            var strings = new string[int.Parse(words[words.Length - 1], CultureInfo.InvariantCulture)];
            for (int i = 0; i < strings.Length; i++)
            {
                var hex = input.ReadLine();
                if (hex == null)
                    Fail("input ends inside a command");
                strings[i] = Decode(hex);
            }
            Command(words, strings);
            Say("end");
        }
        return 0;
    }
}
