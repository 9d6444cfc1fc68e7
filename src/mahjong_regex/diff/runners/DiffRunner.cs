// mahjong-regex diff: a pattern in .NET (Mono). Reads hex-encoded UTF-8 lines on stdin:
// the pattern, then batches of strings each ended by a line "."; answers "ok" (or
// "error MESSAGE") for the pattern, then one line of 0/1 per batch
// (new Regex(p, RegexOptions.None).IsMatch(s)).
using System;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;

class DiffRunner
{
    static string Unhex(string h)
    {
        var b = new byte[h.Length / 2];
        for (int i = 0; i < b.Length; i++) b[i] = Convert.ToByte(h.Substring(2 * i, 2), 16);
        return Encoding.UTF8.GetString(b);
    }

    static void Main()
    {
        var input = new StreamReader(Console.OpenStandardInput(), Encoding.ASCII);
        var output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
        output.AutoFlush = true;
        Regex regex;
        try
        {
            regex = new Regex(Unhex(input.ReadLine()), RegexOptions.None);
        }
        catch (ArgumentException e)
        {
            output.WriteLine("error " + Regex.Replace(e.Message, @"\s+", " "));
            return;
        }
        output.WriteLine("ok");
        var bits = new StringBuilder();
        string line;
        while ((line = input.ReadLine()) != null)
        {
            if (line == ".")
            {
                output.WriteLine(bits.ToString());
                bits.Clear();
            }
            else bits.Append(regex.IsMatch(Unhex(line)) ? '1' : '0');
        }
    }
}
