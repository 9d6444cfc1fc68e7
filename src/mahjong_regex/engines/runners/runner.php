<?php
// The runner for PHP's PCRE2 (preg_match): each pattern between delimiters with the u modifier
// (UTF-8), as the PHP snippet writes it, with PHP's default settings (pcre.jit, the backtrack
// and recursion limits).  It speaks the runner protocol of mahjong_regex.engines (version 2) on
// stdin and stdout, groups included.

function say(string $line): void
{
    fwrite(STDOUT, $line . "\n");
    fflush(STDOUT);
}

function fail(string $why): void
{
    fwrite(STDERR, "runner.php: $why\n");
    exit(2);
}

function next_line(): ?string
{
    $line = fgets(STDIN);
    return $line === false ? null : rtrim($line, "\r\n");
}

function one_line(string $text): string
{
    return trim(preg_replace('/\s+/', ' ', $text));
}

// The pattern between the first of these delimiters it does not hold, with the u modifier.
function delimited(string $pattern): ?string
{
    foreach (str_split("/~#%@;!\x01") as $d) {
        if (strpos($pattern, $d) === false) {
            return $d . $pattern . $d . 'u';
        }
    }
    return null;
}

function compile_all(array $patterns): array
{
    say('version PHP ' . PHP_VERSION . ' (PCRE2 ' . explode(' ', PCRE_VERSION)[0] . ')');
    $compiled = [];
    foreach ($patterns as [$label, $source]) {
        $regex = delimited($source);
        $t0 = hrtime(true);
        error_clear_last();
        $ok = $regex !== null && @preg_match($regex, '') !== false;
        $took = (hrtime(true) - $t0) / 1e6;
        if ($ok) {
            say(sprintf('compiled %s %.3f', $label, $took));
            $compiled[$label] = $regex;
            continue;
        }
        $why = $regex === null ? 'no free delimiter' : (error_get_last()['message'] ?? preg_last_error_msg());
        say("error $label " . one_line($why));
    }
    say('end');
    return $compiled;
}

// The verdicts, then (if seconds > 0) passes over all the strings until seconds have gone by.
function verdicts(string $label, string $regex, array $strings, float $seconds): void
{
    $bits = '';
    foreach ($strings as $i => $s) {
        $r = preg_match($regex, $s);
        if ($r === false) {
            say("failed $label " . one_line(preg_last_error_msg()) . " (string $i)");
            return;
        }
        $bits .= $r === 1 ? '1' : '0';
    }
    say("result $label $bits");
    if ($seconds <= 0) {
        return;
    }
    $passes = $matches = 0;
    $t0 = hrtime(true);
    do {
        foreach ($strings as $s) {
            $matches += preg_match($regex, $s) === 1 ? 1 : 0;
        }
        $passes++;
        $elapsed = (hrtime(true) - $t0) / 1e9;
    } while ($elapsed < $seconds);
    say(sprintf('rate %s %d %.6f %d', $label, $passes, $elapsed, $matches));
}

function worst(string $label, string $regex, array $strings, int $repeats): void
{
    foreach ($strings as $i => $s) {
        $best = INF;
        for ($r = 0; $r < max($repeats, 1); $r++) {
            $t0 = hrtime(true);
            $got = preg_match($regex, $s);
            $best = min($best, (hrtime(true) - $t0) / 1e6);
            if ($got === false) {
                say("worsterror $label $i " . one_line(preg_last_error_msg()));
                continue 2;
            }
        }
        say(sprintf('worst %s %d %.6f', $label, $i, $best));
    }
}

// Which named groups took part in the match of each string.
function groups(string $label, string $regex, array $strings): void
{
    foreach ($strings as $i => $s) {
        $r = preg_match($regex, $s, $m, PREG_UNMATCHED_AS_NULL);
        if ($r === false) {
            say("failed $label " . one_line(preg_last_error_msg()) . " (string $i)");
            return;
        }
        if ($r !== 1) {
            say("groups $label $i 0");
            continue;
        }
        $took = [];
        foreach ($m as $name => $value) {
            if (is_string($name) && $value !== null) {
                $took[] = $name;
            }
        }
        say(trim("groups $label $i 1 " . implode(' ', $took)));
    }
}

function command(array $compiled, array $words, array $strings): void
{
    $verb = $words[0];
    if (!in_array($verb, ['match', 'time', 'worst', 'groups'], true)) {
        say("unsupported $verb");
        return;
    }
    foreach ($compiled as $label => $regex) {
        $label = (string) $label;
        if ($verb === 'match') {
            verdicts($label, $regex, $strings, 0.0);
        } elseif ($verb === 'time') {
            verdicts($label, $regex, $strings, (float) $words[1]);
        } elseif ($verb === 'worst') {
            worst($label, $regex, $strings, (int) $words[1]);
        } else {
            groups($label, $regex, $strings);
        }
    }
}

if (next_line() !== 'mahjong-regex-runner 2') {
    fail('bad input header');
}
if (strncmp(next_line() ?? '', 'flags', 5) !== 0) {
    fail('no flags line'); // the u modifier always, no other
}
$patterns = [];
while (($line = next_line()) !== 'go') {
    if ($line === null || strncmp($line, 'pattern ', 8) !== 0) {
        fail("bad header line: $line");
    }
    $words = explode(' ', $line);
    $patterns[] = [$words[1], hex2bin($words[2] ?? '')];
}
$compiled = compile_all($patterns);
while (($line = next_line()) !== null) {
    $words = preg_split('/ +/', trim($line));
    $strings = [];
    for ($i = 0, $n = (int) end($words); $i < $n; $i++) {
        $hex = next_line();
        if ($hex === null) {
            fail('input ends inside a command');
        }
        $strings[] = hex2bin($hex);
    }
    command($compiled, $words, $strings);
    say('end');
}
