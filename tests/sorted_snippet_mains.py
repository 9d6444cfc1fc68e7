"""The main programs of :mod:`sorted_snippet_programs` in Java, C#, Go and
Rust: each reads the hands on stdin, calls the rule set's sort function and
its check of tiles in any order, and prints what they said (``%s``: the
table of rule sets each program fills in)."""

JAVA_MAIN = """import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.function.*;

public class Main {
    static String text(String hex) {
        byte[] b = new byte[hex.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        return new String(b, StandardCharsets.UTF_8);
    }

    static String hex(String s) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) out.append(String.format("%%02x", b));
        return out.toString();
    }

    public static void main(String[] args) throws IOException {
        Map<String, Function<String, String>> sortS = new HashMap<>();
        Map<String, Function<List<String>, String>> sortL = new HashMap<>();
        Map<String, Predicate<String>> winS = new HashMap<>();
        Map<String, Predicate<List<String>>> winL = new HashMap<>();
%s        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.ISO_8859_1));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null; ) {
            if (line.isEmpty()) continue;
            List<String> items = new ArrayList<>();
            for (String x : line.substring(1).split("\\\\.", -1)) items.add(text(x));
            try {
                String hand;
                boolean win;
                if (line.charAt(0) == 's') {
                    hand = sortS.get(args[0]).apply(items.get(0));
                    win = winS.get(args[0]).test(items.get(0));
                } else {
                    hand = sortL.get(args[0]).apply(items);
                    win = winL.get(args[0]).test(items);
                }
                out.append(win ? "1" : "0").append(hex(hand)).append("\\n");
            } catch (IllegalArgumentException e) {
                out.append("E\\n");
            }
        }
        System.out.print(out);
    }
}
"""


CS_MAIN = """using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

public static class Program
{
    static string Text(string hex)
    {
        var b = new byte[hex.Length / 2];
        for (int i = 0; i < b.Length; i++) b[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
        return Encoding.UTF8.GetString(b);
    }

    public static void Main(string[] args)
    {
        var sortS = new Dictionary<string, Func<string, string>>();
        var sortL = new Dictionary<string, Func<List<string>, string>>();
        var winS = new Dictionary<string, Func<string, bool>>();
        var winL = new Dictionary<string, Func<List<string>, bool>>();
%s        var output = new StringBuilder();
        string line;
        while ((line = Console.In.ReadLine()) != null)
        {
            if (line.Length == 0) continue;
            var items = line.Substring(1).Split('.').Select(Text).ToList();
            try
            {
                string hand;
                bool win;
                if (line[0] == 's') { hand = sortS[args[0]](items[0]); win = winS[args[0]](items[0]); }
                else { hand = sortL[args[0]](items); win = winL[args[0]](items); }
                var hex = BitConverter.ToString(Encoding.UTF8.GetBytes(hand)).Replace("-", "").ToLowerInvariant();
                output.Append(win ? "1" : "0").Append(hex).Append("\\n");
            }
            catch (ArgumentException)
            {
                output.Append("E\\n");
            }
        }
        Console.Out.Write(output.ToString());
    }
}
"""


GO_MAIN = """package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
)

type api struct {
	sort  func(...string) (string, error)
	check func(...string) (bool, error)
}

func main() {
	apis := map[string]api{
%s	}
	a := apis[os.Args[1]]
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	var out strings.Builder
	for in.Scan() {
		line := in.Text()
		if line == "" {
			continue
		}
		var items []string
		for _, x := range strings.Split(line[1:], ".") {
			b, err := hex.DecodeString(x)
			if err != nil {
				panic(err)
			}
			items = append(items, string(b))
		}
		var hand string
		var win bool
		var err1, err2 error
		if line[0] == 's' {
			hand, err1 = a.sort(items[0])
			win, err2 = a.check(items[0])
		} else {
			hand, err1 = a.sort(items...)
			win, err2 = a.check(items...)
		}
		if (err1 == nil) != (err2 == nil) {
			panic("the sort function and the check disagree on an error")
		}
		if err1 != nil {
			out.WriteString("E\\n")
		} else if win {
			out.WriteString("1" + hex.EncodeToString([]byte(hand)) + "\\n")
		} else {
			out.WriteString("0" + hex.EncodeToString([]byte(hand)) + "\\n")
		}
	}
	fmt.Print(out.String())
}
"""


RUST_MAIN = """use std::io::Read;

type Sort = fn(&[String]) -> Result<String, String>;
type Check = fn(&[String]) -> Result<bool, String>;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (sort, check): (Sort, Check) = match args[1].as_str() {
%s        _ => panic!("no rule set {}", args[1]),
    };
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    for line in input.lines().filter(|l| !l.is_empty()) {
        let items: Vec<String> = line[1..]
            .split('.')
            .map(|x| {
                let bytes: Vec<u8> = (0..x.len() / 2)
                    .map(|i| u8::from_str_radix(&x[2 * i..2 * i + 2], 16).unwrap())
                    .collect();
                String::from_utf8(bytes).unwrap()
            })
            .collect();
        let tiles: &[String] = if line.starts_with('s') { &items[..1] } else { &items };
        match (sort(tiles), check(tiles)) {
            (Ok(hand), Ok(win)) => {
                out.push(if win { '1' } else { '0' });
                for b in hand.bytes() {
                    out.push_str(&format!("{:02x}", b));
                }
                out.push('\\n');
            }
            (Err(_), Err(_)) => out.push_str("E\\n"),
            _ => panic!("the sort function and the check disagree on an error"),
        }
    }
    print!("{}", out);
}
"""
