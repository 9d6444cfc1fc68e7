// Batch regex runner for .NET (System.Text.RegularExpressions), built with mcs, run with mono.
//
// stdin:  line 1 = pattern (hex UTF-8), line 2 = flags (ignored), then one hex UTF-8 line per string.
// stdout: one line of '1'/'0' (does regex.IsMatch(s) with RegexOptions.None?), or
//         "ERROR: <message>" and exit status 3 if the pattern does not compile.
// Console encodings are bypassed: stdin is read as raw bytes, stdout written as UTF-8 without BOM.
using System;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;

public static class Runner
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
        var input = new MemoryStream();
        Console.OpenStandardInput().CopyTo(input);
        string[] lines = Encoding.ASCII.GetString(input.ToArray()).Split('\n');
        var output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
        Regex regex;
        try
        {
            regex = new Regex(Decode(lines[0]), RegexOptions.None);
        }
        catch (ArgumentException e)
        {
            output.WriteLine("ERROR: " + e.Message);
            output.Flush();
            return 3;
        }
        var result = new StringBuilder();
        for (int i = 2; i < lines.Length - 1; i++) // the input ends with a newline
            result.Append(regex.IsMatch(Decode(lines[i])) ? '1' : '0');
        output.WriteLine(result.ToString());
        output.Flush();
        return 0;
    }
}
