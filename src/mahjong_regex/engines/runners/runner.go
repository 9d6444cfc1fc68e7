// The runner for Go (package regexp, RE2 syntax): regexp.Compile(pattern), then re.MatchString(s).
// It speaks the runner protocol of mahjong_regex.engines (version 2) on stdin and stdout.
package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"
)

var in = bufio.NewReaderSize(os.Stdin, 1<<16)
var out = bufio.NewWriter(os.Stdout)

func fail(why string) {
	fmt.Fprintln(os.Stderr, "runner.go:", why)
	os.Exit(2)
}

// next returns the next line without its newline, and false at the end of the input.
func next() (string, bool) {
	line, err := in.ReadString('\n')
	if err == io.EOF && line == "" {
		return "", false
	}
	if err != nil && err != io.EOF {
		fail(err.Error())
	}
	return strings.TrimRight(line, "\r\n"), true
}

func decode(line string) string {
	b, err := hex.DecodeString(strings.TrimSpace(line))
	if err != nil {
		fail(err.Error())
	}
	return string(b)
}

// say prints one line and flushes it.
func say(format string, args ...interface{}) {
	fmt.Fprintf(out, format+"\n", args...)
	out.Flush()
}

type pattern struct {
	label string
	re    *regexp.Regexp
}

func compileAll(labels, sources []string) []pattern {
	say("version Go %s regexp", strings.TrimPrefix(runtime.Version(), "go"))
	var compiled []pattern
	for i := range labels {
		t0 := time.Now()
		re, err := regexp.Compile(sources[i])
		if err != nil {
			say("error %s %s", labels[i], strings.Join(strings.Fields(err.Error()), " "))
			continue
		}
		say("compiled %s %.3f", labels[i], float64(time.Since(t0).Nanoseconds())/1e6)
		compiled = append(compiled, pattern{labels[i], re})
	}
	say("end")
	return compiled
}

// match prints the verdicts, then (if seconds > 0) times passes over all the strings.
func match(p pattern, texts []string, seconds float64) {
	bits := make([]byte, len(texts))
	for i, text := range texts {
		bits[i] = '0'
		if p.re.MatchString(text) {
			bits[i] = '1'
		}
	}
	say("result %s %s", p.label, bits)
	if seconds <= 0 {
		return
	}
	passes, matches := 0, 0
	t0 := time.Now()
	var elapsed float64
	for elapsed < seconds {
		for _, text := range texts {
			if p.re.MatchString(text) {
				matches++
			}
		}
		passes++
		elapsed = time.Since(t0).Seconds()
	}
	say("rate %s %d %.6f %d", p.label, passes, elapsed, matches)
}

func worst(p pattern, texts []string, repeats int) {
	for i, text := range texts {
		best := time.Duration(1 << 62)
		for r := 0; r < repeats || r == 0; r++ {
			t0 := time.Now()
			p.re.MatchString(text)
			if d := time.Since(t0); d < best {
				best = d
			}
		}
		say("worst %s %d %.6f", p.label, i, float64(best.Nanoseconds())/1e6)
	}
}

func command(compiled []pattern, words []string, texts []string) {
	verb := words[0]
	if verb != "match" && verb != "time" && verb != "worst" {
		say("unsupported %s", verb)
		return
	}
	for _, p := range compiled {
		switch verb {
		case "match":
			match(p, texts, 0)
		case "time":
			seconds, err := strconv.ParseFloat(words[1], 64)
			if err != nil {
				fail(err.Error())
			}
			match(p, texts, seconds)
		default:
			repeats, err := strconv.Atoi(words[1])
			if err != nil {
				fail(err.Error())
			}
			worst(p, texts, repeats)
		}
	}
}

func main() {
	if line, _ := next(); line != "mahjong-regex-runner 2" {
		fail("bad input header")
	}
	if line, _ := next(); !strings.HasPrefix(line, "flags") {
		fail("no flags line") // none for Go
	}
	var labels, sources []string
	for {
		line, ok := next()
		if line == "go" {
			break
		}
		words := strings.Split(line, " ")
		if !ok || words[0] != "pattern" || len(words) < 2 {
			fail("bad header line: " + line)
		}
		labels = append(labels, words[1])
		sources = append(sources, decode(strings.Join(words[2:], "")))
	}
	compiled := compileAll(labels, sources)
	for {
		line, ok := next()
		if !ok {
			return
		}
		words := strings.Fields(line)
		count, err := strconv.Atoi(words[len(words)-1])
		if err != nil || count < 0 {
			fail("bad command: " + line)
		}
		texts := make([]string, count)
		for i := range texts {
			text, ok := next()
			if !ok {
				fail("input ends inside a command")
			}
			texts[i] = decode(text)
		}
		command(compiled, words, texts)
		say("end")
	}
}
