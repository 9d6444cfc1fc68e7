// Batch regex runner for Go (package regexp, RE2 syntax).
//
// stdin:  line 1 = pattern (hex UTF-8), line 2 = flags (ignored), then one hex UTF-8 line per string.
// stdout: one line of '1'/'0' (does regexp.MustCompile(pattern).MatchString(s)?), or
//         "ERROR: <message>" and exit status 3 if the pattern does not compile.
package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
)

func decode(line string) string {
	b, err := hex.DecodeString(strings.TrimSpace(line))
	if err != nil {
		fmt.Fprintln(os.Stderr, "bad hex input:", err)
		os.Exit(2)
	}
	return string(b)
}

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "reading stdin:", err)
		os.Exit(2)
	}
	lines := strings.Split(string(data), "\n")
	lines = lines[:len(lines)-1] // the input ends with a newline
	re, err := regexp.Compile(decode(lines[0]))
	if err != nil {
		fmt.Printf("ERROR: %s\n", err)
		os.Exit(3)
	}
	out := bufio.NewWriter(os.Stdout)
	for _, line := range lines[2:] {
		if re.MatchString(decode(line)) {
			out.WriteByte('1')
		} else {
			out.WriteByte('0')
		}
	}
	out.WriteByte('\n')
	out.Flush()
}
