// The scoring runner for .NET (System.Text.RegularExpressions, built with mcs, run with mono):
// which named groups of a pattern take part in its match of each string.
// Input on stdin, hex-encoded UTF-8 lines: the pattern, then one line of group names
// (space-separated, ASCII), then the strings, one a line.  Output on stdout, one line per
// string: "0" (no match), or "1" followed by the names of the groups that took part.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;

public static class ScoreRunner
{
    static string Decode(string hex)
    {
        hex = hex.Trim();
        var bytes = new byte[hex.Length / 2];
        for (int i = 0; i < bytes.Length; i++)
            bytes[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
        return new UTF8Encoding(false, true).GetString(bytes);
    }

    public static int Main()
    {
        var input = new StreamReader(Console.OpenStandardInput(), Encoding.ASCII).ReadToEnd();
        var lines = input.Split('\n');
        var regex = new Regex(Decode(lines[0]), RegexOptions.None);
        var names = lines[1].Trim().Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries);
        var output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
        output.WriteLine("version " + Environment.Version);
        for (int i = 2; i < lines.Length; i++)
        {
            if (lines[i].Length == 0 && i == lines.Length - 1) break;
            var m = regex.Match(Decode(lines[i]));
            if (!m.Success) { output.WriteLine("0"); continue; }
            var line = new StringBuilder("1");
            foreach (var n in names)
                if (m.Groups[n].Success) line.Append(' ').Append(n);
            output.WriteLine(line.ToString());
        }
        output.Flush();
        return 0;
    }
}
