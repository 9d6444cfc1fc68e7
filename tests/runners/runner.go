// The runner for Go (package regexp, RE2 syntax): regexp.Compile(pattern), then re.MatchString(s).
// Input on stdin, output on stdout: see the protocol in tests/engines.py.
package main

import (
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

var lines []string

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "runner.go:", err)
		os.Exit(2)
	}
}

func next() string {
	line := lines[0]
	lines = lines[1:]
	return line
}

func count() int {
	n, err := strconv.Atoi(strings.TrimSpace(next()))
	check(err)
	return n
}

func decode(line string) string {
	b, err := hex.DecodeString(strings.TrimSpace(line))
	check(err)
	return string(b)
}

func texts() []string {
	out := make([]string, count())
	for i := range out {
		out[i] = decode(next())
	}
	return out
}

// say prints one line; fmt.Printf writes to os.Stdout unbuffered.
func say(format string, args ...interface{}) {
	fmt.Printf(format+"\n", args...)
}

// run prints the verdicts, then (if minSeconds > 0) times passes over all hands.
func run(label string, re *regexp.Regexp, hands []string, minSeconds float64) {
	bits := make([]byte, len(hands))
	for i, hand := range hands {
		bits[i] = '0'
		if re.MatchString(hand) {
			bits[i] = '1'
		}
	}
	say("result %s %s", label, bits)
	if minSeconds <= 0 {
		return
	}
	passes, matches := 0, 0
	t0 := time.Now()
	var elapsed float64
	for elapsed < minSeconds {
		for _, hand := range hands {
			if re.MatchString(hand) {
				matches++
			}
		}
		passes++
		elapsed = time.Since(t0).Seconds()
	}
	say("rate %s %d %.6f %d", label, passes, elapsed, matches)
}

func main() {
	data, err := io.ReadAll(os.Stdin)
	check(err)
	lines = strings.Split(string(data), "\n")
	if next() != "mahjong-regex-runner 1" {
		check(fmt.Errorf("bad input header"))
	}
	minSeconds, err := strconv.ParseFloat(strings.TrimSpace(next()), 64)
	check(err)
	next() // flags: none for Go
	labels := make([]string, count())
	sources := make([]string, len(labels))
	for i := range labels {
		labels[i] = strings.TrimSpace(next())
		sources[i] = decode(next())
	}
	hands := texts()
	hostile := texts()
	repeats := count()

	say("version Go %s regexp", strings.TrimPrefix(runtime.Version(), "go"))
	var names []string
	var compiled []*regexp.Regexp
	for i := range labels {
		t0 := time.Now()
		re, err := regexp.Compile(sources[i])
		if err != nil {
			say("error %s %s", labels[i], strings.Join(strings.Fields(err.Error()), " "))
			continue
		}
		say("compiled %s %.3f", labels[i], float64(time.Since(t0).Nanoseconds())/1e6)
		names = append(names, labels[i])
		compiled = append(compiled, re)
	}
	for p, re := range compiled {
		run(names[p], re, hands, minSeconds)
	}
	for p, re := range compiled {
		for i, text := range hostile {
			best := time.Duration(1 << 62)
			for r := 0; r < repeats; r++ {
				t0 := time.Now()
				re.MatchString(text)
				if d := time.Since(t0); d < best {
					best = d
				}
			}
			say("worst %s %d %.6f", names[p], i, float64(best.Nanoseconds())/1e6)
		}
	}
	say("done")
}
