// Timing runner for Go's regexp package (RE2 syntax), used by benchmarks/bench.py.
//
// Usage: bench INPUT_FILE
// INPUT_FILE (ASCII lines): "mahjong-regex-bench 1", the minimum seconds per timing,
// flags (ignored), the pattern count P and P pairs of lines (label, hex UTF-8 pattern),
// the hand count H and H hex lines, the hostile-string count W and W hex lines, and the
// number of repeats per hostile string.
// Output lines: "version V", "compiled LABEL MS" or "error LABEL MESSAGE", "result LABEL
// 0101..." (the warm-up pass), "rate LABEL PASSES SECONDS MATCHES", "worst LABEL I MS"
// (best of the repeats), then "done".
// Each call is re.MatchString(s) on one compiled *regexp.Regexp.
package main

import (
	"encoding/hex"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"
)

var lines []string
var at int

func next() string {
	line := strings.TrimSuffix(lines[at], "\r")
	at++
	return line
}

func nextInt() int {
	n, err := strconv.Atoi(strings.TrimSpace(next()))
	if err != nil {
		panic(err)
	}
	return n
}

func decode(line string) string {
	b, err := hex.DecodeString(strings.TrimSpace(line))
	if err != nil {
		panic(err)
	}
	return string(b)
}

func say(format string, args ...interface{}) {
	fmt.Fprintf(os.Stdout, format+"\n", args...)
}

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	lines = strings.Split(string(data), "\n")
	if next() != "mahjong-regex-bench 1" {
		panic("bad input header")
	}
	minSeconds, err := strconv.ParseFloat(strings.TrimSpace(next()), 64)
	if err != nil {
		panic(err)
	}
	next() // flags: none for Go
	count := nextInt()
	labels := make([]string, count)
	sources := make([]string, count)
	for i := range labels {
		labels[i] = strings.TrimSpace(next())
		sources[i] = decode(next())
	}
	hands := make([]string, nextInt())
	for i := range hands {
		hands[i] = decode(next())
	}
	hostile := make([]string, nextInt())
	for i := range hostile {
		hostile[i] = decode(next())
	}
	repeats := nextInt()

	say("version Go %s regexp", strings.TrimPrefix(runtime.Version(), "go"))
	var okLabels []string
	var compiled []*regexp.Regexp
	for i := range labels {
		t0 := time.Now()
		re, err := regexp.Compile(sources[i])
		if err != nil {
			say("error %s %s", labels[i], strings.Join(strings.Fields(err.Error()), " "))
			continue
		}
		say("compiled %s %.3f", labels[i], float64(time.Since(t0).Nanoseconds())/1e6)
		okLabels = append(okLabels, labels[i])
		compiled = append(compiled, re)
	}
	for p, re := range compiled {
		bits := make([]byte, len(hands))
		for i, hand := range hands {
			if re.MatchString(hand) {
				bits[i] = '1'
			} else {
				bits[i] = '0'
			}
		}
		say("result %s %s", okLabels[p], bits)
		passes, matches := 0, 0
		t0 := time.Now()
		var elapsed float64
		for {
			for _, hand := range hands {
				if re.MatchString(hand) {
					matches++
				}
			}
			passes++
			elapsed = time.Since(t0).Seconds()
			if elapsed >= minSeconds {
				break
			}
		}
		say("rate %s %d %.6f %d", okLabels[p], passes, elapsed, matches)
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
			say("worst %s %d %.6f", okLabels[p], i, float64(best.Nanoseconds())/1e6)
		}
	}
	say("done")
}
